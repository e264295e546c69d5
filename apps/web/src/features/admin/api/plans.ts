import {
  AdminErrors,
  AdminMessages,
  type CreatePlanInput,
  type UpdatePlanInput,
} from '@lexserve/contracts/admin';
import type { Plan } from '@lexserve/contracts/subscriptions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, describeError } from '../../../lib/api-client';
import { STALE_TIMES } from '../../../lib/query-client';
import { sharedKeys } from '../../../lib/query-keys';
import { adminKeys } from '../keys';

const BASE = '/admin/subscriptions';

/** GET /admin/subscriptions/plans: every plan, active or not. */
const getAdminPlans = async (): Promise<Plan[]> =>
  (await api.get<{ plans: Plan[] }>(`${BASE}/plans`)).plans ?? [];

const adminPlansQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.plans, queryFn: getAdminPlans, staleTime: STALE_TIMES.plans });

export const useAdminPlans = () => useQuery(adminPlansQueryOptions());

type Envelope<T> = { status: string; data: T; message: string };

const createPlan = (input: CreatePlanInput) => api.post<Envelope<Plan>>(`${BASE}/plans`, input);
const updatePlan = ({ id, input }: { id: number; input: UpdatePlanInput }) =>
  api.put<Envelope<Plan>>(`${BASE}/plans/${id}`, input);
const deletePlan = (id: number) => api.delete<{ message: string }>(`${BASE}/plans/${id}`);
const createDefaultPlans = () =>
  api.post<Envelope<{ created: Plan[]; plans: Plan[] }>>(`${BASE}/plans/create-defaults`);

/** Plan changes also change what the public plans pages show. */
const usePlanMutation = <I, O>(mutationFn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.plans });
      await queryClient.invalidateQueries({ queryKey: sharedKeys.subscriptionPlans });
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
