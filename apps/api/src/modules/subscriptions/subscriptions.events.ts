import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { payments, salesContactRequests } from '../../db/schema/index';
import { centsToDecimal } from '../../lib/money';
import { nextBillingDate, nextChargeCents } from './subscriptions.mapper';
import { findSubscriptionById, planOf } from './subscriptions.repository';
import { firmBillingRecipients, firmName, systemAdmins } from './recipients';

const saDate = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});
const formatDate = (d: Date | null | undefined) =>
  d ? saDate.format(d) : 'the end of the current billing period';
/** R 1 499.00 */
const formatRand = (cents: number) => {
  const [whole, dec] = centsToDecimal(cents).split('.');
  return `R ${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${dec}`;
};

/**
 * E-mails that follow subscription events, sent once the change has committed (to the outbox in the embedded mode):
 * activation and payment receipts, trial ending, plan changes, cancellation, expiry and end of access to the firm's
 * administrators; sales-contact requests to the system administrators.
 */
export function subscriptionMailSetup(app: FastifyInstance) {
  const { events, mailer, env } = app.deps;
  const link = (path: string) => `${env.PUBLIC_URL.replace(/\/$/, '')}${path}`;

  async function toFirm(
    tx: Tx,
    subscriptionId: number,
    compose: (ctx: NonNullable<Awaited<ReturnType<typeof load>>>) => { subject: string; text: string },
  ) {
    const ctx = await load(tx, subscriptionId);
    if (!ctx) return;
    const { subject, text } = compose(ctx);
    for (const r of ctx.recipients) {
      await mailer.send(tx, { to: r.email, subject, text: `Hello ${r.name},\n\n${text}\n\nLexServe` });
    }
  }

  async function load(tx: Tx, subscriptionId: number) {
    const sub = await findSubscriptionById(tx, subscriptionId);
    if (!sub) return undefined;
    const plan = await planOf(tx, sub.planId);
    return {
      sub,
      plan: plan?.displayName ?? 'your',
      firm: await firmName(tx, sub.firmId),
      recipients: await firmBillingRecipients(tx, sub.firmId),
    };
  }

  const receipt = async (tx: Tx, paymentId: number | undefined) => {
    if (!paymentId) return '';
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!p) return '';
    return (
      `Payment receipt\n  Reference: ${p.paymentReference}\n  Amount: ${formatRand(p.amountCents)}\n` +
      (p.providerPaymentId ? `  Provider reference: ${p.providerPaymentId}\n` : '') +
      `  Date: ${formatDate(p.paidAt ?? p.createdAt)}\n\n`
    );
  };

  events.on('subscription.activated', async (payload, { tx }) => {
    const paid = await receipt(tx, Number(payload.paymentId));
    await toFirm(tx, Number(payload.subscriptionId), ({ sub, plan, firm }) =>
      sub.status === 'trial'
        ? {
            subject: `Your ${plan} free trial has started`,
            text:
              `${firm}'s ${sub.trialDays}-day free trial of the ${plan} plan has started. You won't be charged until it ends ` +
              `on ${formatDate(sub.trialEndDate)}; then ${formatRand(nextChargeCents(sub))} is charged ${sub.billingCycle}.\n\n` +
              `Manage your subscription: ${link('/app/subscription')}`,
          }
        : {
            subject: `Payment received: your ${plan} subscription is active`,
            text:
              `Thank you for your payment. ${firm}'s ${plan} subscription is now active.\n\n${paid}` +
              `Next billing date: ${formatDate(nextBillingDate(sub))}.\nManage your subscription: ${link('/app/subscription')}`,
          },
    );
  });

  events.on('subscription.renewed', async (payload, { tx }) => {
    const paid = await receipt(tx, Number(payload.paymentId));
    await toFirm(tx, Number(payload.subscriptionId), ({ sub, plan, firm }) => ({
      subject: `Payment receipt: ${plan} subscription renewed`,
      text:
        `${firm}'s ${plan} subscription has been renewed.\n\n${paid}` +
        `Current period: ${formatDate(sub.currentPeriodStart)} to ${formatDate(sub.endDate)}.`,
    }));
  });

  events.on('subscription.trial_ending', async (payload, { tx }) => {
    await toFirm(tx, Number(payload.subscriptionId), ({ sub, plan, firm }) => ({
      subject: `Your ${plan} free trial ends on ${formatDate(sub.trialEndDate)}`,
      text:
        `${firm}'s free trial of the ${plan} plan ends on ${formatDate(sub.trialEndDate)}. From then ` +
        `${formatRand(nextChargeCents(sub))} is charged ${sub.billingCycle} to the card you gave.\n\n` +
        `To change plan or cancel before then: ${link('/app/subscription')}`,
    }));
  });

  events.on('subscription.plan_changed', async (payload, { tx }) => {
    await toFirm(tx, Number(payload.subscriptionId), ({ sub, plan, firm }) => ({
      subject: payload.scheduled ? 'Your plan change is scheduled' : `Your plan is now ${plan}`,
      text: payload.scheduled
        ? `${firm}'s plan will change at the next billing date, ${formatDate(nextBillingDate(sub))}.`
        : `${firm}'s subscription is now on the ${plan} plan. Its new limits apply from today; the next charge, on ` +
          `${formatDate(nextBillingDate(sub))}, is ${formatRand(nextChargeCents(sub))}.`,
    }));
  });

  events.on('subscription.cancelled', async (payload, { tx }) => {
    await toFirm(tx, Number(payload.subscriptionId), ({ sub, plan, firm }) => ({
      subject: payload.immediate
        ? `Your ${plan} subscription has been suspended`
        : `Your ${plan} subscription has been cancelled`,
      text:
        (payload.immediate
          ? `${firm}'s ${plan} subscription has been suspended${sub.cancellationReason ? ` (${sub.cancellationReason})` : ''}. `
          : `${firm}'s ${plan} subscription has been cancelled and no further charges will be made. ` +
            `You keep access until ${formatDate(sub.accessEndsAt)}. `) +
        `Your data is kept until ${formatDate(sub.dataRetainedUntil)}.\n\nTo subscribe again: ${link('/app/plans')}`,
    }));
  });

  events.on('subscription.access_ended', async (payload, { tx }) => {
    await toFirm(tx, Number(payload.subscriptionId), ({ sub, plan, firm }) => ({
      subject: `Your ${plan} subscription has ended`,
      text:
        `${firm}'s access to LexServe under the cancelled ${plan} subscription has ended. Your data is kept until ` +
        `${formatDate(sub.dataRetainedUntil)}.\n\nTo subscribe again: ${link('/app/plans')}`,
    }));
  });

  events.on('subscription.expired', async (payload, { tx }) => {
    await toFirm(tx, Number(payload.subscriptionId), ({ sub, plan, firm }) => ({
      subject: `Your ${plan} subscription has expired`,
      text:
        `${firm}'s ${plan} subscription has expired${payload.reason ? ` (${String(payload.reason)})` : ''}. Your data is kept ` +
        `until ${formatDate(sub.dataRetainedUntil)}.\n\nChoose a plan to continue: ${link('/app/plans')}`,
    }));
  });

  events.on('subscription.reactivated', async (payload, { tx }) => {
    await toFirm(tx, Number(payload.subscriptionId), ({ sub, plan, firm }) => ({
      subject: `Your ${plan} subscription has been reactivated`,
      text: `${firm}'s ${plan} subscription is active again until ${formatDate(sub.endDate)}.`,
    }));
  });

  events.on('sales_contact.requested', async (payload, { tx }) => {
    const [req] = await tx
      .select()
      .from(salesContactRequests)
      .where(eq(salesContactRequests.id, Number(payload.requestId)));
    if (!req) return;
    const plan = req.planId ? await planOf(tx, req.planId) : undefined;
    for (const admin of await systemAdmins(tx)) {
      await mailer.send(tx, {
        to: admin.email,
        subject: `Sales enquiry${plan ? ` about ${plan.displayName}` : ''} from ${req.firmName ?? req.name}`,
        text:
          `Hello ${admin.name},\n\nA sales-contact request was submitted:\n\n  Name: ${req.name}\n  E-mail: ${req.email}\n` +
          `  Phone: ${req.phone ?? '-'}\n  Firm: ${req.firmName ?? '-'}\n  Plan: ${plan?.displayName ?? '-'}\n\n` +
          `${req.message ?? ''}\n\nPlease reach out within 24 hours.\n\nLexServe`,
      });
    }
  });
}
