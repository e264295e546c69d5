import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type {
  BillingCycle,
  PlanFeatures,
  PlanType,
  SubscriptionStatus,
} from '@lexserve/contracts/subscriptions';
import type { PaymentStatus } from '@lexserve/contracts/payments';
import { timestamps } from './common';
import { firms, users } from './foundation';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

export type PaymentProviderName = 'manual' | 'simulator' | 'payfast';

/** Money is integer cents (ZAR). A null limit means unlimited; a null monthly price means 'Contact Us'. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    displayName: text().notNull(),
    description: text(),
    planType: text().$type<PlanType>().notNull().default('custom'),
    monthlyPriceCents: integer(),
    quarterlyPriceCents: integer(),
    annualPriceCents: integer(),
    currency: text().notNull().default('ZAR'),
    maxDigitalServices: integer(),
    maxUsers: integer(),
    maxBranches: integer().notNull().default(1),
    maxStorageGb: integer().notNull().default(10),
    maxCases: integer(),
    trialDays: integer().notNull().default(0),
    features: jsonb()
      .$type<PlanFeatures>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    isActive: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    deletedAt: at(),
    ...timestamps,
  },
  () => [
    uniqueIndex('subscription_plans_name_unique')
      .on(sql`lower(name)`)
      .where(sql`deleted_at IS NULL`),
  ],
);

export const firmSubscriptions = pgTable(
  'firm_subscriptions',
  {
    id: serial().primaryKey(),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    planId: integer()
      .notNull()
      .references(() => subscriptionPlans.id),
    status: text().$type<SubscriptionStatus>().notNull(),
    billingCycle: text().$type<BillingCycle>().notNull(),
    /** Price of one billing cycle when it was set. */
    amountCents: integer().notNull(),
    /** Prorated amounts carried to the next charge (positive: owed; negative: credit). */
    balanceCents: integer().notNull().default(0),
    trialDays: integer().notNull().default(0),
    startDate: at(),
    currentPeriodStart: at(),
    endDate: at(),
    trialEndDate: at(),
    cancelledAt: at(),
    accessEndsAt: at(),
    dataRetainedUntil: at(),
    cancellationReason: text(),
    cancellationFeedback: text(),
    cancelledById: integer().references(() => users.id),
    pendingPlanId: integer().references(() => subscriptionPlans.id),
    pendingBillingCycle: text().$type<BillingCycle>(),
    pendingAmountCents: integer(),
    provider: text().$type<PaymentProviderName>().notNull().default('manual'),
    providerToken: text(),
    createdById: integer().references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('firm_subscriptions_firm_status_idx').on(t.firmId, t.status),
    uniqueIndex('firm_subscriptions_one_open')
      .on(t.firmId)
      .where(sql`status IN ('pending', 'trial', 'active')`),
    index('firm_subscriptions_token_idx')
      .on(t.providerToken)
      .where(sql`provider_token IS NOT NULL`),
    index('firm_subscriptions_end_idx')
      .on(t.endDate)
      .where(sql`status IN ('trial', 'active')`),
  ],
);

export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: serial().primaryKey(),
    subscriptionId: integer()
      .notNull()
      .references(() => firmSubscriptions.id),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    changeType: text().notNull(),
    fromStatus: text(),
    toStatus: text(),
    fromPlanId: integer().references(() => subscriptionPlans.id),
    toPlanId: integer().references(() => subscriptionPlans.id),
    effectiveAt: at().notNull().defaultNow(),
    amountCents: integer(),
    reason: text(),
    feedback: text(),
    performedById: integer().references(() => users.id),
    details: jsonb().$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    index('subscription_changes_subscription_idx').on(t.subscriptionId),
    index('subscription_changes_firm_idx').on(t.firmId),
    index('subscription_changes_type_idx').on(t.changeType, t.effectiveAt),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    subscriptionId: integer()
      .notNull()
      .references(() => firmSubscriptions.id),
    userId: integer().references(() => users.id),
    kind: text().$type<'initial' | 'renewal'>().notNull(),
    status: text().$type<PaymentStatus>().notNull().default('pending'),
    amountCents: integer().notNull(),
    currency: text().notNull().default('ZAR'),
    paymentReference: text().notNull().unique(),
    signature: text(),
    provider: text().$type<PaymentProviderName>().notNull(),
    providerPaymentId: text(),
    amountFeeCents: integer(),
    amountNetCents: integer(),
    itemName: text(),
    paidAt: at(),
    cancelReason: text(),
    cancelFeedback: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_payment_unique')
      .on(t.provider, t.providerPaymentId)
      .where(sql`provider_payment_id IS NOT NULL`),
    index('payments_signature_idx').on(t.signature),
    index('payments_subscription_idx').on(t.subscriptionId),
    index('payments_firm_idx').on(t.firmId),
    index('payments_paid_at_idx')
      .on(t.paidAt)
      .where(sql`status = 'completed'`),
    index('payments_pending_created_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
);

/** Every ITN received, with what became of it; 'processed' rows make processing idempotent. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial().primaryKey(),
    provider: text().notNull(),
    pfPaymentId: text(),
    mPaymentId: text(),
    paymentStatus: text(),
    outcome: text().$type<'processed' | 'duplicate' | 'rejected'>().notNull(),
    error: text(),
    remoteIp: text(),
    payload: jsonb().$type<Record<string, string>>().notNull(),
    paymentId: integer().references(() => payments.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_notifications_once')
      .on(t.provider, t.pfPaymentId, t.paymentStatus)
      .where(sql`outcome = 'processed'`),
    index('payment_notifications_created_idx').on(t.createdAt),
  ],
);

export const paymentFeedback = pgTable('payment_feedback', {
  id: serial().primaryKey(),
  firmId: integer().references(() => firms.id),
  userId: integer().references(() => users.id),
  paymentId: integer().references(() => payments.id),
  reason: text().notNull(),
  comment: text(),
  ...timestamps,
});

export const salesContactRequests = pgTable(
  'sales_contact_requests',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    firmName: text(),
    message: text(),
    planId: integer().references(() => subscriptionPlans.id),
    firmId: integer().references(() => firms.id),
    userId: integer().references(() => users.id),
    status: text().$type<'new' | 'contacted' | 'closed'>().notNull().default('new'),
    ...timestamps,
  },
  (t) => [index('sales_contact_requests_created_idx').on(t.createdAt)],
);
