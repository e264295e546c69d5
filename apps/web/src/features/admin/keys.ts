import type { FirmQuery, MailQuery, UserQuery } from './api/directory';
import type { FirmSubscriptionQuery } from './api/firm-subscriptions';
import type { SheriffQuery } from './api/sheriffs';

/** Every cached read of the admin portal sits below ['admin']; a subscription change by an admin refreshes them all. */
export const adminKeys = {
  all: ['admin'] as const,
  plans: ['admin', 'plans'] as const,
  firmSubscriptionList: (query: FirmSubscriptionQuery) =>
    ['admin', 'firm-subscriptions', 'list', query] as const,
  firmSubscription: (id: number) => ['admin', 'firm-subscriptions', 'detail', id] as const,
  overview: ['admin', 'analytics', 'overview'] as const,
  trends: (months: number) => ['admin', 'analytics', 'trends', months] as const,
  expiring: (days: number) => ['admin', 'analytics', 'expiring', days] as const,
  usageLimits: ['admin', 'analytics', 'usage-limits'] as const,
  health: ['admin', 'health'] as const,
  monthlySummary: (year: number, month: number) => ['admin', 'reports', 'monthly', year, month] as const,
  cancellations: (from: string, to: string) => ['admin', 'reports', 'cancellations', from, to] as const,
  users: ['admin', 'users'] as const,
  userList: (query: UserQuery) => ['admin', 'users', query] as const,
  sheriffs: ['admin', 'sheriffs'] as const,
  sheriffList: (query: SheriffQuery) => ['admin', 'sheriffs', query] as const,
  sheriffAreas: ['admin', 'sheriff-areas'] as const,
  firms: ['admin', 'firms'] as const,
  firmList: (query: FirmQuery) => ['admin', 'firms', query] as const,
  firmBranches: (firmId: number) => ['admin', 'firms', firmId, 'branches'] as const,
  firmHistory: (firmId: number) => ['admin', 'firms', firmId, 'history'] as const,
  mail: (query: MailQuery) => ['admin', 'mail', query] as const,
  salesContacts: ['admin', 'sales-contacts'] as const,
};
