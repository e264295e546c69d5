import type { Plan } from '@lexserve/contracts/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STALE_TIMES } from '../../../lib/query-client';
import { subscriptionKeys } from '../keys';
import { sortPlansByMonthlyPrice } from '../plan-display';

type PlanList = { plans: Plan[]; total: number };

/** GET /subscriptions/plans: every active plan (public). */
const getPlans = async (): Promise<Plan[]> =>
  (await api.get<PlanList>('/subscriptions/plans', { auth: false })).plans ?? [];

/** GET /subscriptions/plans/featured: the featured plans (public). */
const getFeaturedPlans = async (): Promise<Plan[]> =>
  (await api.get<PlanList>('/subscriptions/plans/featured', { auth: false })).plans ?? [];

/**
 * The plans page's list (spec 2.3): featured plans first; when that call fails, or there are no
 * featured plans to show, all plans. Sorted by monthly price, ascending.
 */
const getPlanCatalogue = async (): Promise<Plan[]> => {
  let plans: Plan[] = [];
  try {
    plans = await getFeaturedPlans();
  } catch {
    plans = [];
  }
  // Decision (docs/decisions.md): featured plans alone would hide the other tiers when one plan is
  // featured, so the full list completes them; featured plans stay highlighted as popular.
  const all = await getPlans().catch((error: unknown) => {
    if (plans.length) return plans;
    throw error;
  });
  const list = all.length >= plans.length ? all : plans;
  return sortPlansByMonthlyPrice(list);
};

const planCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.catalogue,
    queryFn: getPlanCatalogue,
    staleTime: STALE_TIMES.featuredPlans,
  });

export const usePlanCatalogue = () => useQuery(planCatalogueQueryOptions());

const plansQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.plans,
    queryFn: async () => sortPlansByMonthlyPrice(await getPlans()),
    staleTime: STALE_TIMES.plans,
  });

/** All plans, sorted by monthly price (change plan, 2.10). */
export const usePlans = () => useQuery(plansQueryOptions());
