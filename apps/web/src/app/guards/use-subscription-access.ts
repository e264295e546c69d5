import type { User } from '@lexserve/contracts/users';
import { useMySubscription, type MySubscription } from '../../features/subscriptions/api/get-my-subscription';
import { hasSubscriptionAccess } from '../../features/subscriptions/subscription-status';
import { isGatedRole } from '../../lib/authorization';

export type SubscriptionAccess = {
  /** The role is subject to the gate (firm roles). */
  gated: boolean;
  /** Free pass (system_admin, sheriff), an active/trial subscription, or a cancelled one still within its paid period. */
  active: boolean;
  loading: boolean;
  error: unknown;
  subscription: MySubscription | null | undefined;
  refetch: () => void;
};

/**
 * Spec 4.1: the firm's subscription, as the server reports it, decides what firm roles may use. A
 * subscription cancelled by the firm keeps access until the end of the period already paid.
 */
export const useSubscriptionAccess = (user: User): SubscriptionAccess => {
  const gated = isGatedRole(user.role);
  const query = useMySubscription({ enabled: gated });
  return {
    gated,
    active: !gated || hasSubscriptionAccess(query.data),
    loading: gated && query.isPending,
    error: gated && query.isError ? query.error : null,
    subscription: query.data,
    refetch: () => void query.refetch(),
  };
};
