import type { FastifyInstance } from 'fastify';
import { ROLE_LABELS, type Role } from '@lexserve/contracts/common';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@lexserve/contracts/users';
import type { DbOrTx } from '../../db/client';
import type { EventHandler } from '../../lib/events';
import { findFirmById } from '../firms/firms.repository';
import { findUserById } from '../users/users.repository';
import { publishSignals } from './notifications.realtime';
import * as repo from './notifications.repository';
import { NOTIFICATION_EMAIL_EVENT, notifyUsers } from './notifications.service';

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const roleLabel = (v: unknown) => (typeof v === 'string' && v in ROLE_LABELS ? ROLE_LABELS[v as Role] : String(v ?? ''));

/** The payload documents' events carry (see the documents module). */
type DocumentEvent = {
  documentId?: number;
  firmId?: number;
  branchId?: number | null;
  actorId?: number;
  assignedSheriffId?: number | null;
  title?: string;
  caseNumber?: string;
};

const documentEvent = (p: Record<string, unknown>): DocumentEvent => ({
  documentId: num(p.documentId ?? p.document_id),
  firmId: num(p.firmId ?? p.firm_id),
  branchId: num(p.branchId ?? p.branch_id) ?? null,
  actorId: num(p.actorId ?? p.actor_id),
  assignedSheriffId: num(p.assignedSheriffId ?? p.assigned_sheriff_id) ?? null,
  title: str(p.title),
  caseNumber: str(p.case_number ?? p.caseNumber),
});

/** "Eviction notice (case 2025/123)" or "Document #42". */
const describe = (d: DocumentEvent) => {
  const name = d.title ?? (d.documentId ? `Document #${d.documentId}` : 'A document');
  return d.caseNumber ? `${name} (case ${d.caseNumber})` : name;
};

/** The firm's administrators (and the branch's), optionally the assigned sheriff; never the actor. */
async function documentAudience(tx: DbOrTx, d: DocumentEvent, opts: { sheriff: boolean }): Promise<number[]> {
  const ids = d.firmId ? await repo.findFirmSupervisorIds(tx, d.firmId, d.branchId) : [];
  if (opts.sheriff && d.assignedSheriffId) ids.push(d.assignedSheriffId);
  return ids.filter((id) => id !== d.actorId);
}

type DocumentRule = {
  type: Parameters<typeof notifyUsers>[1]['type'];
  title: string;
  message: (d: DocumentEvent) => string;
  audience: (tx: DbOrTx, d: DocumentEvent) => Promise<number[]>;
};

/** Who hears about what happens to a document, and in which words. */
const DOCUMENT_RULES: Record<string, DocumentRule> = {
  'document.created': {
    type: 'status_update',
    title: 'New matter created',
    message: (d) => `${describe(d)} was created.`,
    audience: (tx, d) => documentAudience(tx, d, { sheriff: false }),
  },
  'document.served': {
    type: 'completion_notification',
    title: 'Document served',
    message: (d) => `${describe(d)} was served. The proof of service is ready to download.`,
    audience: (tx, d) => documentAudience(tx, d, { sheriff: true }),
  },
  'document.assigned': {
    type: 'assignment_notification',
    title: 'Document assigned to you',
    message: (d) => `${describe(d)} has been assigned to you for service.`,
    audience: async (_tx, d) => (d.assignedSheriffId && d.assignedSheriffId !== d.actorId ? [d.assignedSheriffId] : []),
  },
  'document.service_attempt': {
    type: 'status_update',
    title: 'Service attempt recorded',
    message: (d) => `The sheriff recorded a service attempt for ${describe(d)}.`,
    audience: (tx, d) => documentAudience(tx, d, { sheriff: false }),
  },
  'document.revoked': {
    type: 'system_alert',
    title: 'Document revoked',
    message: (d) => `${describe(d)} was revoked; its proof of service no longer verifies.`,
    audience: (tx, d) => documentAudience(tx, d, { sheriff: true }),
  },
};

/** Subscription events (subscriptions module): the firm's administrators hear about their plan. */
const SUBSCRIPTION_RULES: Record<string, { type: DocumentRule['type']; title: string; message: (p: Record<string, unknown>) => string }> = {
  'subscription.activated': {
    type: 'system_alert',
    title: 'Subscription active',
    message: (p) => {
      const plan = str(p.planName ?? p.plan_name);
      return `Your ${plan ? `${plan} ` : ''}subscription is active. All features are available.`;
    },
  },
  'subscription.trial_started': {
    type: 'system_alert',
    title: 'Trial started',
    message: (p) => `Your free trial of ${str(p.planName ?? p.plan_name) ?? 'LexServe'} has started.`,
  },
  'subscription.plan_changed': {
    type: 'status_update',
    title: 'Subscription plan changed',
    message: (p) => `Your subscription plan is now ${str(p.planName ?? p.plan_name ?? p.newPlanName) ?? 'updated'}.`,
  },
  'subscription.cancelled': {
    type: 'system_alert',
    title: 'Subscription cancelled',
    message: () => 'Your subscription has been cancelled. Choose a plan to keep using LexServe.',
  },
  'subscription.trial_ending': {
    type: 'deadline_reminder',
    title: 'Trial ending soon',
    message: () => 'Your free trial ends soon. Choose a plan to keep serving documents without interruption.',
  },
  'subscription.expired': {
    type: 'deadline_reminder',
    title: 'Subscription expired',
    message: () => 'Your subscription has expired. Choose a plan to continue.',
  },
  'payment.succeeded': {
    type: 'completion_notification',
    title: 'Payment received',
    message: () => 'Thank you: your payment was received.',
  },
  'payment.failed': {
    type: 'system_alert',
    title: 'Payment failed',
    message: () => 'A payment for your subscription failed. Please update your card to avoid interruption.',
  },
};

/**
 * What the notifications module listens to. Handlers run in the dispatcher's transaction, so a
 * notification exists exactly when the event was handled; the e-mail copies go out as a further event.
 */
export function registerNotificationHandlers(app: FastifyInstance) {
  const { events, mailer, env } = app.deps;
  const on = (type: string, handler: EventHandler) => events.on(type, handler);

  // Account events. The users module already e-mails a welcome; these are in-app only.
  on('user.created', async (p, { tx }) => {
    const userId = num(p.userId);
    if (!userId) return;
    await notifyUsers(tx, {
      userIds: [userId],
      type: 'system_alert',
      title: 'Welcome to LexServe',
      message: 'Your account is ready. Complete your profile and change your password under Account Settings.',
      email: false,
    });
  });

  on('firm.registered', async (p, { tx }) => {
    const firmId = num(p.firmId);
    const userId = num(p.userId);
    const firm = firmId ? await findFirmById(tx, firmId) : undefined;
    if (!firm) return;
    await notifyUsers(tx, {
      userIds: [userId],
      type: 'system_alert',
      title: 'Welcome to LexServe',
      message: `${firm.name} is registered. Choose a subscription plan to start serving documents.`,
      email: false,
    });
    const admin = userId ? await findUserById(tx, userId) : undefined;
    await notifyUsers(tx, {
      userIds: await repo.findSystemAdminIds(tx),
      type: 'system_alert',
      title: 'New firm registered',
      message: `${firm.name} registered${admin ? ` (administrator ${admin.fullName}, ${admin.email})` : ''}.`,
    });
  });

  on('user.role_changed', async (p, { tx }) => {
    const userId = num(p.userId);
    if (!userId) return;
    await notifyUsers(tx, {
      userIds: [userId],
      type: 'status_update',
      title: 'Your role has changed',
      message: `Your role changed from ${roleLabel(p.from)} to ${roleLabel(p.to)}.`,
    });
  });

  // A deactivated user's open sockets are closed on every instance (1008: the client stops reconnecting).
  on('user.deactivated', async (p, { tx }) => {
    const userId = num(p.userId);
    if (userId) await publishSignals(tx, [{ k: 'd', user: userId }]);
  });

  for (const [type, rule] of Object.entries(DOCUMENT_RULES)) {
    on(type, async (p, { tx }) => {
      const d = documentEvent(p);
      await notifyUsers(tx, {
        userIds: await rule.audience(tx, d),
        type: rule.type,
        title: rule.title,
        message: rule.message(d),
        caseId: d.caseNumber ?? null,
        documentId: d.documentId ?? null,
      });
    });
  }

  for (const [type, rule] of Object.entries(SUBSCRIPTION_RULES)) {
    on(type, async (p, { tx }) => {
      const firmId = num(p.firmId ?? p.firm_id);
      if (!firmId) return;
      await notifyUsers(tx, {
        userIds: await repo.findFirmUserIds(tx, firmId, ['firm_admin']),
        type: rule.type,
        title: rule.title,
        message: rule.message(p),
      });
    });
  }

  // E-mail copies of new notifications, per the recipient's preference at sending time.
  on(NOTIFICATION_EMAIL_EVENT, async (p, { tx }) => {
    const ids = Array.isArray(p.notificationIds) ? p.notificationIds.map(num).filter((n): n is number => !!n) : [];
    const rows = await repo.findNotificationsByIds(tx, ids);
    const people = new Map((await repo.findRecipients(tx, [...new Set(rows.map((r) => r.userId))])).map((r) => [r.id, r]));
    for (const row of rows) {
      const user = people.get(row.userId);
      const prefs = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(user?.notificationPreferences ?? {}) };
      if (!user?.isActive || !prefs[row.notificationType]?.email) continue;
      const caseLink = row.documentId ? `\nOpen the case: ${env.PUBLIC_URL}/app/dashboard/active-case/${row.documentId}\n` : '';
      await mailer.send(tx, {
        to: user.email,
        subject: `LexServe: ${row.title}`,
        text:
          `Hello ${user.fullName},\n\n${row.message}\n${caseLink}\nAll your notifications: ${env.PUBLIC_URL}/app/notifications\n\n` +
          `You receive this e-mail because e-mail copies of this kind of notification are on. You can turn them off ` +
          `under Account Settings → Notifications.\n\nLexServe`,
      });
    }
  });
}
