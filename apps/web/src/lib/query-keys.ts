/**
 * The query keys that cross a feature's boundary: read in one place and refreshed from another. Each feature's
 * own keys live in its `keys.ts` factory, built on these roots where they meet, so that a write invalidating a
 * prefix here (every list of users, every document read) reaches the other features' entries without importing
 * them.
 */
export const sharedKeys = {
  /** The signed-in user (lib/auth): dropped on login, refreshed by a profile change. */
  me: ['auth', 'me'] as const,
  /** Every read about users (profile, preferences, sheriffs, firm users): refreshed by an admin's user change. */
  users: ['users'] as const,
  /** Every read about firms: refreshed by an admin's firm change. */
  firms: ['firms'] as const,
  /** Every read about documents: refreshed by a case closure. */
  documents: ['documents'] as const,
  /** Every read about subscriptions: refreshed after a payment. */
  subscriptions: ['subscriptions'] as const,
  /** The public plan lists: refreshed by an admin's plan change. */
  subscriptionPlans: ['subscriptions', 'plans'] as const,
  /** The firm's subscription: read by the gate and re-read after a payment. */
  mySubscription: ['subscriptions', 'my-subscription'] as const,
};
