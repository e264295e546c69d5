import type { FastifyInstance } from 'fastify';
import { ROLE_LABELS, type Role } from '@lexserve/contracts/common';
import type { NotificationType } from '@lexserve/contracts/notifications';
import { SERVICE_OUTCOME_LABELS, type ServiceOutcome } from '@lexserve/contracts/returns';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@lexserve/contracts/users';
import type { DbOrTx } from '../../db/client';
import type { DocumentEventPayload, DomainEvents, DomainEventType } from '../../lib/domain-events';
import type { EventHandler } from '../../lib/events';
import { publishSignals } from './notifications.realtime';
import * as repo from './notifications.repository';
import { NOTIFICATION_EMAIL_EVENT, notifyUsers } from './notifications.service';

const roleLabel = (v: Role) => ROLE_LABELS[v] ?? String(v);

type DocumentEvent = DocumentEventPayload;
type DocumentEventType = {
  [K in DomainEventType]: DomainEvents[K] extends DocumentEventPayload ? K : never;
}[DomainEventType];
type SubscriptionEventType = Extract<DomainEventType, `subscription.${string}`>;

/** "Eviction notice (case 2025/123)" or "Document #42". */
const describe = (d: DocumentEvent) => {
  const name = d.title || `Document #${d.documentId}`;
  return d.case_number ? `${name} (case ${d.case_number})` : name;
};

/**
 * The firm's administrators (and the branch's), the document's creator, optionally the assigned sheriff;
 * never the actor, who saw the result on their screen.
 */
async function documentAudience(tx: DbOrTx, d: DocumentEvent, opts: { sheriff: boolean }): Promise<number[]> {
  const ids = await repo.findFirmSupervisorIds(tx, d.firmId, d.branchId);
  if (d.createdById) ids.push(d.createdById);
  if (opts.sheriff && d.assignedSheriffId) ids.push(d.assignedSheriffId);
  return ids.filter((id) => id !== d.actorId);
}

/** A service attempt's outcome in words ("Not found (non est)"), from the event's payload. */
const outcomeOf = (d: DocumentEvent) => {
  const outcome = (d as { outcome?: string }).outcome;
  return (outcome && SERVICE_OUTCOME_LABELS[outcome as ServiceOutcome]) || outcome || 'outcome not given';
};

type DeadlineEvent = DomainEvents['deadline.due'];
/** "Notice of intention to defend (Uniform Rule 19(1)) … on 28 January 2027", from a deadline event's payload. */
const deadlineOf = (d: DocumentEvent) => {
  const p = d as DeadlineEvent;
  const day = new Intl.DateTimeFormat('en-ZA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${p.dueDate}T00:00:00Z`));
  return { what: p.rule ? `${p.name} (${p.rule})` : p.name, day };
};
/** Who hears of a deadline: as for the document's events, and whoever added a firm's own deadline. */
const deadlineAudience = async (tx: DbOrTx, d: DocumentEvent) => {
  const ids = await documentAudience(tx, d, { sheriff: false });
  const addedBy = (d as DeadlineEvent).addedById;
  return addedBy ? [...ids, addedBy] : ids;
};

type DocumentRule = {
  type: NotificationType;
  title: string;
  message: (d: DocumentEvent) => string;
  audience: (tx: DbOrTx, d: DocumentEvent) => Promise<number[]>;
};

/** Who hears about what happens to a document, and in which words. */
const DOCUMENT_RULES: Partial<Record<DocumentEventType, DocumentRule>> = {
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
    // Served by a sheriff's return: the return's own notification says so (see document.return_issued).
    audience: (tx, d) =>
      (d as { returnId?: number }).returnId
        ? Promise.resolve([])
        : documentAudience(tx, d, { sheriff: true }),
  },
  'document.assigned': {
    type: 'assignment_notification',
    title: 'Document assigned to you',
    message: (d) => `${describe(d)} has been assigned to you for service.`,
    audience: async (_tx, d) =>
      d.assignedSheriffId && d.assignedSheriffId !== d.actorId ? [d.assignedSheriffId] : [],
  },
  'document.reinstructed': {
    type: 'assignment_notification',
    title: 'Service re-instructed',
    message: (d) =>
      `${describe(d)}: service on one of its people was re-instructed to another sheriff (${(d as { reason?: string }).reason ?? 'no reason given'}). Record nothing more on that person.`,
    audience: async (_tx, d) =>
      d.assignedSheriffId && d.assignedSheriffId !== d.actorId ? [d.assignedSheriffId] : [],
  },
  'document.handed_to_sheriff': {
    type: 'assignment_notification',
    title: 'Document to serve',
    message: (d) =>
      `${describe(d)} was submitted for service and is with you to serve. Record each attempt and issue the return of service.`,
    audience: async (_tx, d) =>
      d.assignedSheriffId && d.assignedSheriffId !== d.actorId ? [d.assignedSheriffId] : [],
  },
  'deadline.approaching': {
    type: 'deadline_reminder',
    title: 'Deadline approaching',
    message: (d) => `${deadlineOf(d).what} for ${describe(d)} falls due on ${deadlineOf(d).day}.`,
    audience: deadlineAudience,
  },
  'deadline.due': {
    type: 'deadline_reminder',
    title: 'Deadline today',
    message: (d) => `${deadlineOf(d).what} for ${describe(d)} falls due today, ${deadlineOf(d).day}.`,
    audience: deadlineAudience,
  },
  'document.service_attempt': {
    type: 'status_update',
    title: 'Service attempt recorded',
    message: (d) => `The sheriff recorded a service attempt for ${describe(d)}: ${outcomeOf(d)}.`,
    audience: (tx, d) => documentAudience(tx, d, { sheriff: false }),
  },
  'document.revoked': {
    type: 'system_alert',
    title: 'Document revoked',
    message: (d) => `${describe(d)} was revoked; its proof of service no longer verifies.`,
    audience: (tx, d) => documentAudience(tx, d, { sheriff: true }),
  },
};

type SubscriptionFacts = repo.SubscriptionFacts & {
  payload: Partial<
    DomainEvents['subscription.activated'] &
      DomainEvents['subscription.plan_changed'] &
      DomainEvents['subscription.cancelled']
  >;
};
type SubscriptionRule = {
  type: NotificationType;
  title: (f: SubscriptionFacts) => string;
  message: (f: SubscriptionFacts) => string;
};

const saDate = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});
const dateOr = (d: Date | null, fallback: string) => (d ? saDate.format(d) : fallback);

/**
 * Subscription events (subscriptions module; payload {subscriptionId, ...}): the firm's administrators see them in
 * the app. The subscriptions module e-mails its own receipts and notices, so these carry no e-mail copy.
 */
const SUBSCRIPTION_RULES: Record<SubscriptionEventType, SubscriptionRule> = {
  'subscription.activated': {
    type: 'completion_notification',
    title: (f) => (f.payload.trial || f.status === 'trial' ? 'Free trial started' : 'Subscription active'),
    message: (f) =>
      f.payload.trial || f.status === 'trial'
        ? `Your free trial of the ${f.planName} plan has started. It ends on ${dateOr(f.trialEndDate, 'the last day of the trial')}.`
        : `Payment received: your ${f.planName} subscription is active.`,
  },
  'subscription.renewed': {
    type: 'completion_notification',
    title: () => 'Subscription renewed',
    message: (f) => `Your ${f.planName} subscription has been renewed.`,
  },
  'subscription.trial_ending': {
    type: 'deadline_reminder',
    title: () => 'Trial ending soon',
    message: (f) =>
      `Your free trial of the ${f.planName} plan ends on ${dateOr(f.trialEndDate, 'its last day')}. Change plan or cancel before then under Subscription.`,
  },
  'subscription.plan_changed': {
    type: 'status_update',
    title: (f) => (f.payload.scheduled ? 'Plan change scheduled' : 'Plan changed'),
    message: (f) =>
      f.payload.scheduled
        ? 'Your plan change takes effect at the next billing date.'
        : `Your subscription is now on the ${f.planName} plan.`,
  },
  'subscription.cancelled': {
    type: 'system_alert',
    title: (f) => (f.payload.immediate ? 'Subscription suspended' : 'Subscription cancelled'),
    message: (f) =>
      f.payload.immediate
        ? `Your ${f.planName} subscription has been suspended.`
        : `Your ${f.planName} subscription has been cancelled. You keep access until ${dateOr(f.accessEndsAt, 'the end of the period')}.`,
  },
  'subscription.access_ended': {
    type: 'system_alert',
    title: () => 'Subscription ended',
    message: (f) =>
      `Access under the cancelled ${f.planName} subscription has ended. Choose a plan to continue.`,
  },
  'subscription.expired': {
    type: 'system_alert',
    title: () => 'Subscription expired',
    message: (f) => `Your ${f.planName} subscription has expired. Choose a plan to continue.`,
  },
  'subscription.reactivated': {
    type: 'status_update',
    title: () => 'Subscription reactivated',
    message: (f) => `Your ${f.planName} subscription is active again.`,
  },
};

/**
 * What the notifications module listens to. Handlers run in the dispatcher's transaction, so a
 * notification exists exactly when the event was handled; the e-mail copies go out as a further event.
 */
export function registerNotificationHandlers(app: FastifyInstance) {
  const { events, mailer, env } = app.deps;
  const on = <K extends DomainEventType>(type: K, handler: EventHandler<K>) => events.on(type, handler);

  // Account events. The users module already e-mails a welcome; these are in-app only.
  on('user.created', async (p, { tx }) => {
    const userId = p.userId;
    await notifyUsers(tx, {
      userIds: [userId],
      type: 'system_alert',
      title: 'Welcome to LexServe',
      message:
        'Your account is ready. Complete your profile and change your password under Account Settings.',
      email: false,
    });
  });

  on('firm.registered', async (p, { tx }) => {
    const { firmId, userId } = p;
    const firm = await repo.findFirmName(tx, firmId);
    if (!firm) return;
    await notifyUsers(tx, {
      userIds: [userId],
      type: 'system_alert',
      title: 'Welcome to LexServe',
      message: `${firm.name} is registered. Choose a subscription plan to start serving documents.`,
      email: false,
    });
    const [admin] = await repo.findRecipients(tx, [userId]);
    await notifyUsers(tx, {
      userIds: await repo.findSystemAdminIds(tx),
      type: 'system_alert',
      title: 'New firm registered',
      message: `${firm.name} registered${admin ? ` (administrator ${admin.fullName}, ${admin.email})` : ''}.`,
    });
  });

  on('user.role_changed', async (p, { tx }) => {
    await notifyUsers(tx, {
      userIds: [p.userId],
      type: 'status_update',
      title: 'Your role has changed',
      message: `Your role changed from ${roleLabel(p.from)} to ${roleLabel(p.to)}.`,
    });
  });

  // A deactivated user's open sockets are closed on every instance (1008: the client stops reconnecting).
  on('user.deactivated', async (p, { tx }) => {
    await publishSignals(tx, [{ k: 'd', user: p.userId }]);
  });

  // An ended session's sockets are closed on every instance (logout, password change, refresh-token reuse).
  on('session.revoked', async (p, { tx }) => {
    await publishSignals(
      tx,
      p.sessionIds.map((sid) => ({ k: 'x' as const, user: p.userId, sid })),
    );
  });

  // A deactivated firm or branch: its users' sockets close (their calls are refused from now on).
  on('firm.deactivated', async (p, { tx }) => {
    const ids = await repo.findFirmUserIds(tx, p.firmId, [
      'firm_admin',
      'branch_admin',
      'legal_practitioner',
    ]);
    await publishSignals(
      tx,
      ids.map((user) => ({ k: 'd' as const, user })),
    );
  });
  on('branch.deactivated', async (p, { tx }) => {
    const ids = await repo.findBranchUserIds(tx, p.branchId, ['branch_admin', 'legal_practitioner']);
    await publishSignals(
      tx,
      ids.map((user) => ({ k: 'd' as const, user })),
    );
  });

  for (const [type, rule] of Object.entries(DOCUMENT_RULES) as [DocumentEventType, DocumentRule][]) {
    on(type, async (d, { tx }) => {
      await notifyUsers(tx, {
        userIds: await rule.audience(tx, d),
        type: rule.type,
        title: rule.title,
        message: rule.message(d),
        caseId: d.case_number,
        documentId: d.documentId,
      });
    });
  }

  // The sheriff's return: the firm hears at once whether the document was served or not.
  on('document.return_issued', async (d, { tx }) => {
    const served = d.kind === 'return_of_service';
    await notifyUsers(tx, {
      userIds: await documentAudience(tx, d, { sheriff: false }),
      type: served ? 'completion_notification' : 'status_update',
      title: served ? 'Return of service issued' : 'Return of non-service issued',
      message: served
        ? `The sheriff served ${describe(d)}. The return of service is its proof of service and is ready to download.`
        : `The sheriff could not serve ${describe(d)} and issued a return of non-service. The document stays with the sheriff, who may try again.`,
      caseId: d.case_number,
      documentId: d.documentId,
    });
  });

  for (const [type, rule] of Object.entries(SUBSCRIPTION_RULES) as [
    SubscriptionEventType,
    SubscriptionRule,
  ][]) {
    on(type, async (p, { tx }) => {
      const facts = await repo.findSubscriptionFacts(tx, p.subscriptionId);
      if (!facts) return;
      const f = { ...facts, payload: p };
      await notifyUsers(tx, {
        userIds: await repo.findFirmUserIds(tx, facts.firmId, ['firm_admin']),
        type: rule.type,
        title: rule.title(f),
        message: rule.message(f),
        email: false,
      });
    });
  }

  // A sales enquiry (a plan without a price): the system administrators see it in the app too.
  on('sales_contact.requested', async (p, { tx }) => {
    const req = await repo.findSalesContactFacts(tx, p.requestId);
    if (!req) return;
    await notifyUsers(tx, {
      userIds: await repo.findSystemAdminIds(tx),
      type: 'system_alert',
      title: 'New sales enquiry',
      message: `${req.name}${req.firmName ? ` (${req.firmName})` : ''} asked to be contacted${req.planName ? ` about the ${req.planName} plan` : ''}: ${req.email}.`,
      email: false,
    });
  });

  // E-mail copies of new notifications, per the recipient's preference at sending time.
  on(NOTIFICATION_EMAIL_EVENT, async (p, { tx }) => {
    const rows = await repo.findNotificationsByIds(tx, p.notificationIds);
    const people = new Map(
      (await repo.findRecipients(tx, [...new Set(rows.map((r) => r.userId))])).map((r) => [r.id, r]),
    );
    for (const row of rows) {
      const user = people.get(row.userId);
      const prefs = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(user?.notificationPreferences ?? {}) };
      if (!user?.isActive || !prefs[row.notificationType]?.email) continue;
      const caseLink = row.documentId
        ? `\nOpen the case: ${env.PUBLIC_URL}/app/dashboard/active-case/${row.documentId}\n`
        : '';
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
