import type { Ctx } from '../../lib/context';
import { centsToRand } from '../../lib/money';
import { measureUsage } from '../subscriptions/subscriptions.service';
import { BYTES_PER_MB } from '../subscriptions/subscription-records.service';
import * as repo from './admin.repository';
import { assertAdmin, toChangeDto } from './admin.service';

/** Admin figures, all computed from the data (the spec's fixed zeros and 95% were placeholders). */

const SAST_MS = 2 * 3_600_000;
/** Start of a calendar month in South Africa (`month` may run past 12 or below 1: Date.UTC carries it into the year). */
const sastMonthStart = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1) - SAST_MS);
/**
 * A calendar month in South Africa as [start, end). The end is the next month's start, not the start plus a UTC
 * month: a SAST month starts at 22:00 UTC on the previous month's last day, and adding a month to that date cut
 * 31-day months short (March ended on the 28th at 22:00 UTC).
 */
const sastMonth = (year: number, month: number) => ({
  start: sastMonthStart(year, month),
  end: sastMonthStart(year, month + 1),
});
const sastYearMonth = (d: Date) => {
  const s = new Date(d.getTime() + SAST_MS);
  return { year: s.getUTCFullYear(), month: s.getUTCMonth() + 1 };
};
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export async function health(ctx: Ctx, now = new Date()) {
  assertAdmin(ctx);
  const [db, checks] = await Promise.all([repo.pingDatabase(ctx.db), repo.healthCounts(ctx.db, now)]);
  const issues: string[] = [];
  let score = 100;
  const penalise = (cond: boolean, points: number, issue: string) => {
    if (!cond) return;
    score -= points;
    issues.push(issue);
  };
  penalise(!db.ok, 100, 'The database does not answer.');
  penalise(
    checks.jobs_failed > 0,
    Math.min(30, checks.jobs_failed * 5),
    `${checks.jobs_failed} scheduled job(s) failed 5 times and stopped.`,
  );
  penalise(
    checks.jobs_overdue > 0,
    10,
    `${checks.jobs_overdue} scheduled job(s) are more than 15 minutes late.`,
  );
  penalise(
    checks.events_failed > 0,
    Math.min(30, checks.events_failed * 5),
    `${checks.events_failed} domain event(s) could not be processed.`,
  );
  penalise(
    checks.mail_failed > 0,
    Math.min(20, checks.mail_failed * 2),
    `${checks.mail_failed} e-mail(s) failed to send.`,
  );
  penalise(
    checks.subscriptions_past_end > 0,
    10,
    `${checks.subscriptions_past_end} subscription(s) are past their end without renewal or expiry.`,
  );
  penalise(
    checks.notifications_rejected_24h > 0,
    5,
    `${checks.notifications_rejected_24h} payment notification(s) were rejected in the last 24 hours.`,
  );
  const healthScore = Math.max(0, score);
  return {
    status:
      healthScore >= 90
        ? ('healthy' as const)
        : healthScore >= 60
          ? ('degraded' as const)
          : ('unhealthy' as const),
    health_score: healthScore,
    database: { ok: db.ok, kind: ctx.deps.database.raw.kind, latency_ms: db.latency },
    payment_provider: ctx.deps.env.PAYMENT_PROVIDER,
    payfast_mode: ctx.deps.env.PAYFAST_MODE,
    checks,
    issues,
    generated_at: now.toISOString(),
  };
}

export async function overview(ctx: Ctx, now = new Date()) {
  assertAdmin(ctx);
  const { year, month } = sastYearMonth(now);
  const current = sastMonth(year, month);
  const [counts, mrr, thisMonth, allTime, people, byPlan, h] = await Promise.all([
    repo.statusCounts(ctx.db),
    repo.monthlyRecurringCents(ctx.db, now),
    repo.revenueCents(ctx.db, current.start, current.end),
    repo.revenueCents(ctx.db),
    repo.peopleAndFirms(ctx.db, now),
    repo.activeByPlan(ctx.db),
    health(ctx, now),
  ]);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    total_subscriptions: total,
    active_subscriptions: counts.active,
    trial_subscriptions: counts.trial,
    pending_subscriptions: counts.pending,
    cancelled_subscriptions: counts.cancelled,
    expired_subscriptions: counts.expired,
    active_percentage: pct(counts.active, total),
    monthly_revenue: centsToRand(mrr),
    revenue_this_month: centsToRand(thisMonth.cents),
    total_revenue: centsToRand(allTime.cents),
    total_users: people.totalUsers,
    active_users: people.activeUsers,
    total_firms: people.totalFirms,
    active_firms: people.activeFirms,
    firms_without_subscription: people.firmsWithoutSubscription,
    health_score: h.health_score,
    plans: byPlan.map((p) => ({ plan_id: p.planId, name: p.name, active_subscriptions: p.n })),
    generated_at: now.toISOString(),
  };
}

/** Per calendar month (South Africa), oldest first: new subscriptions, trials, cancellations, revenue. */
export async function trends(ctx: Ctx, months: number, now = new Date()) {
  assertAdmin(ctx);
  const { year, month } = sastYearMonth(now);
  const windows = Array.from({ length: months }, (_, k) => {
    const { start, end } = sastMonth(year, month + k - (months - 1));
    return { start, end, activeAt: end < now ? end : now };
  });
  const figures = await repo.monthlyTrends(ctx.db, windows);
  const out = windows.map(({ start }, k) => {
    const { changes, cents, payments, active } = figures[k]!;
    const ym = sastYearMonth(start);
    return {
      month: `${ym.year}-${String(ym.month).padStart(2, '0')}`,
      new_subscriptions: (changes.activated ?? 0) + (changes.trial_started ?? 0),
      trials_started: changes.trial_started ?? 0,
      cancellations: (changes.cancelled ?? 0) + (changes.suspended ?? 0),
      expirations: changes.expired ?? 0,
      active_at_month_end: active,
      revenue: centsToRand(cents),
      payments,
    };
  });
  return { months: out };
}

export async function expiringSoon(ctx: Ctx, days: number, now = new Date()) {
  assertAdmin(ctx);
  const rows = await repo.endingWithin(ctx.db, now, new Date(now.getTime() + days * 86_400_000));
  const subscriptions = rows
    .map((r) => {
      const s = r.sub;
      const kind =
        s.status === 'trial'
          ? ('trial_end' as const)
          : s.status === 'cancelled'
            ? ('access_end' as const)
            : ('period_end' as const);
      const endsAt = (
        kind === 'trial_end'
          ? (s.trialEndDate ?? s.endDate)
          : kind === 'access_end'
            ? s.accessEndsAt
            : s.endDate
      )!;
      return {
        subscription_id: s.id,
        firm_id: s.firmId,
        firm_name: r.firmName,
        plan_name: r.plan.displayName,
        status: s.status,
        ends_at: endsAt.toISOString(),
        days_left: Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / 86_400_000)),
        kind,
        has_payment_method: s.provider !== 'manual' && !!s.providerToken,
      };
    })
    .sort((a, b) => a.ends_at.localeCompare(b.ends_at));
  return { days, total: subscriptions.length, subscriptions };
}

const figure = (used: number, limit: number | null) => ({
  used,
  limit: limit ?? -1,
  percent: limit ? Math.round((used / limit) * 1000) / 10 : null,
});

/** Firms near (≥ threshold %) or over a plan limit; every firm with `all`. */
export async function usageLimits(ctx: Ctx, threshold: number, all: boolean, now = new Date()) {
  assertAdmin(ctx);
  const subs = await repo.accessSubscriptions(ctx.db, now);
  const firms = [];
  for (const r of subs) {
    const usage = await measureUsage(ctx.db, r.sub.firmId, r.sub, now);
    const p = r.plan;
    const users = figure(usage.users, p.maxUsers);
    const branches = figure(usage.branches, p.maxBranches);
    const services = figure(usage.digitalServices, p.maxDigitalServices);
    const storage = figure(
      Math.round((usage.storageBytes / BYTES_PER_MB) * 100) / 100,
      p.maxStorageGb * 1024,
    );
    const percents = [users, branches, services, storage].map((f) => f.percent ?? 0);
    const entry = {
      firm_id: r.sub.firmId,
      firm_name: r.firmName,
      subscription_id: r.sub.id,
      plan_name: p.displayName,
      users,
      branches,
      digital_services: services,
      storage_mb: storage,
      near_limit: percents.some((x) => x >= threshold),
      over_limit: percents.some((x) => x > 100),
    };
    if (all || entry.near_limit) firms.push(entry);
  }
  return { threshold, firms };
}

export async function monthlySummary(ctx: Ctx, query: { year?: number; month?: number }, now = new Date()) {
  assertAdmin(ctx);
  const current = sastYearMonth(now);
  const year = query.year ?? current.year;
  const month = query.month ?? current.month;
  const { start, end } = sastMonth(year, month);
  const [[figures], byPlan, paymentStatuses, reasons, paymentReasons] = await Promise.all([
    repo.monthlyTrends(ctx.db, [{ start, end, activeAt: end < now ? end : now }]),
    repo.revenueByPlan(ctx.db, start, end),
    repo.paymentStatusCounts(ctx.db, start, end),
    repo.cancellationReasons(ctx.db, start, end),
    repo.paymentCancelReasons(ctx.db, start, end),
  ]);
  const { changes, cents, payments, active } = figures!;
  return {
    year,
    month,
    period_start: start.toISOString(),
    period_end: end.toISOString(),
    new_subscriptions: (changes.activated ?? 0) + (changes.trial_started ?? 0),
    trials_started: changes.trial_started ?? 0,
    activations: changes.activated ?? 0,
    renewals: (changes.renewed ?? 0) + (changes.trial_converted ?? 0),
    plan_changes: changes.plan_changed ?? 0,
    cancellations: (changes.cancelled ?? 0) + (changes.suspended ?? 0),
    expirations: changes.expired ?? 0,
    active_at_month_end: active,
    revenue: centsToRand(cents),
    payments_count: payments,
    failed_payments: paymentStatuses.failed ?? 0,
    cancelled_payments: paymentStatuses.cancelled ?? 0,
    revenue_by_plan: byPlan.map((p) => ({
      plan_id: p.planId,
      name: p.name,
      revenue: centsToRand(Number(p.cents)),
      payments: p.n,
    })),
    cancellation_reasons: reasons,
    payment_cancel_reasons: paymentReasons,
  };
}

const parseDate = (v: string | undefined) => {
  if (!v) return undefined;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00+02:00` : v);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/** Why firms cancel (subscription cancellations with reason and feedback) and why payments were abandoned. */
export async function cancellationReport(ctx: Ctx, query: { from?: string; to?: string }) {
  assertAdmin(ctx);
  const from = parseDate(query.from);
  const to = parseDate(query.to);
  const [reasons, entries, paymentReasons, feedback] = await Promise.all([
    repo.cancellationReasons(ctx.db, from, to),
    repo.cancellationEntries(ctx.db, from, to),
    repo.paymentCancelReasons(ctx.db, from, to),
    repo.paymentFeedbackEntries(ctx.db, from, to),
  ]);
  return {
    from: from?.toISOString() ?? null,
    to: to?.toISOString() ?? null,
    reasons,
    cancellations: entries.map((e) => {
      const c = toChangeDto(e);
      return {
        subscription_id: c.subscription_id,
        firm_id: e.change.firmId,
        firm_name: e.firmName,
        plan_name: c.from_plan,
        reason: c.reason,
        feedback: c.feedback,
        by: c.performed_by,
        at: c.effective_at,
      };
    }),
    payment_cancel_reasons: paymentReasons,
    payment_feedback: feedback.map((f) => ({
      id: f.feedback.id,
      firm_name: f.firmName,
      user: f.user,
      payment_id: f.feedback.paymentId,
      reason: f.feedback.reason,
      feedback: f.feedback.comment,
      at: f.feedback.createdAt.toISOString(),
    })),
  };
}
