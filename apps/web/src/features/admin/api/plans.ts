import { AdminErrors, AdminMessages, type CreatePlanInput, type UpdatePlanInput } from '@lexserve/contracts/admin';
import type { Plan } from '@lexserve/contracts/subscriptions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, describeError } from '../../../lib/api-client';
import { STALE_TIMES } from '../../../lib/query-client';

export const adminKeys = {
  all: ['admin'] as const,
  plans: ['admin', 'plans'] as const,
  firmSubscriptions: ['admin', 'firm-subscriptions'] as const,
  firmSubscription: (id: number) => ['admin', 'firm-subscriptions', 'detail', id] as const,
  overview: ['admin', 'analytics', 'overview'] as const,
  trends: (months: number) => ['admin', 'analytics', 'trends', months] as const,
  expiring: (days: number) => ['admin', 'analytics', 'expiring', days] as const,
  usageLimits: ['admin', 'analytics', 'usage-limits'] as const,
  health: ['admin', 'health'] as const,
  monthlySummary: (year: number, month: number) => ['admin', 'reports', 'monthly', year, month] as const,
  cancellations: (from: string, to: string) => ['admin', 'reports', 'cancellations', from, to] as const,
  users: ['admin', 'users'] as const,
  sheriffs: ['admin', 'sheriffs'] as const,
  firms: ['admin', 'firms'] as const,
  firmBranches: (firmId: number) => ['admin', 'firms', firmId, 'branches'] as const,
  firmHistory: (firmId: number) => ['admin', 'firms', firmId, 'history'] as const,
  mail: ['admin', 'mail'] as const,
  salesContacts: ['admin', 'sales-contacts'] as const,
};

const BASE = '/admin/subscriptions';

/** GET /admin/subscriptions/plans: every plan, active or not. */
export const getAdminPlans = async (): Promise<Plan[]> => (await api.get<{ plans: Plan[] }>(`${BASE}/plans`)).plans ?? [];

export const adminPlansQueryOptions = () => queryOptions({ queryKey: adminKeys.plans, queryFn: getAdminPlans, staleTime: STALE_TIMES.plans });

export const useAdminPlans = () => useQuery(adminPlansQueryOptions());

type Envelope<T> = { status: string; data: T; message: string };

export const createPlan = (input: CreatePlanInput) => api.post<Envelope<Plan>>(`${BASE}/plans`, input);
export const updatePlan = ({ id, input }: { id: number; input: UpdatePlanInput }) => api.put<Envelope<Plan>>(`${BASE}/plans/${id}`, input);
export const deletePlan = (id: number) => api.delete<{ message: string }>(`${BASE}/plans/${id}`);
export const createDefaultPlans = () => api.post<Envelope<{ created: Plan[]; plans: Plan[] }>>(`${BASE}/plans/create-defaults`);

/** Plan changes also change what the public plans pages show. */
const usePlanMutation = <I, O>(mutationFn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.plans });
      await queryClient.invalidateQueries({ queryKey: ['subscriptions', 'plans'] });
      await queryClient.invalidateQueries({ queryKey: adminKeys.overview });
    },
  });
};

export const useCreatePlan = () => usePlanMutation(createPlan);
export const useUpdatePlan = () => usePlanMutation(updatePlan);
export const useDeletePlan = () => usePlanMutation(deletePlan);
export const useCreateDefaultPlans = () => usePlanMutation(createDefaultPlans);

/** Spec 8, "Admin". */
export const describePlanError = (error: unknown, action: 'create' | 'update' | 'delete' | 'load'): string =>
  describeError(error, {
    byCode: {
      [AdminErrors.PLAN_NAME_TAKEN.code]: AdminErrors.PLAN_NAME_TAKEN.message,
      [AdminErrors.PLAN_IN_USE.code]: AdminErrors.PLAN_IN_USE.message,
    },
    byStatus: {
      403: 'Access denied. Admin privileges required.',
      409: action === 'delete' ? AdminErrors.PLAN_IN_USE.message : AdminErrors.PLAN_NAME_TAKEN.message,
    },
    fallback: {
      create: AdminMessages.createPlanFailed,
      update: AdminMessages.updatePlanFailed,
      delete: AdminMessages.deletePlanFailed,
      load: AdminMessages.loadPlansFailed,
    }[action],
  });
