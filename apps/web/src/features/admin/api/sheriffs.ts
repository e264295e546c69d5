import type { CreateSheriffInput, Sheriff, UpdateSheriffInput } from '@lexserve/contracts/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { adminKeys } from '../keys';

export type { Sheriff };
export type SheriffQuery = {
  search: string;
  status: 'all' | 'active' | 'inactive';
  skip: number;
  limit: number;
};
type Envelope<T> = { status: string; data: T; message: string };

/** GET /admin/sheriffs: search (name, e-mail, office, appointment number, area), status and paging by the server. */
export const useAdminSheriffs = (query: SheriffQuery) =>
  useQuery({
    queryKey: adminKeys.sheriffList(query),
    queryFn: () =>
      api.get<{ sheriffs: Sheriff[]; total: number }>('/admin/sheriffs', {
        query: {
          search: query.search.trim() || undefined,
          is_active: query.status === 'all' ? undefined : query.status === 'active',
          skip: query.skip,
          limit: query.limit,
        },
      }),
    placeholderData: keepPreviousData,
  });

const useSheriffMutation = <V>(mutationFn: (vars: V) => Promise<Envelope<Sheriff>>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.sheriffs });
      await queryClient.invalidateQueries({ queryKey: adminKeys.users });
      // Every read about users, the sheriffs the case screens pick from among them.
      await queryClient.invalidateQueries({ queryKey: sharedKeys.users });
    },
  });
};

/** POST /admin/sheriffs: the sheriff is e-mailed an invitation to set a password; no password is answered. */
export const useCreateSheriff = () =>
  useSheriffMutation((input: CreateSheriffInput) => api.post<Envelope<Sheriff>>('/admin/sheriffs', input));

/** PUT /admin/sheriffs/{id}: only the fields that changed are sent. */
export const useUpdateSheriff = () =>
  useSheriffMutation(({ id, changes }: { id: number; changes: UpdateSheriffInput }) =>
    api.put<Envelope<Sheriff>>(`/admin/sheriffs/${id}`, changes),
  );

/** PUT /admin/sheriffs/{id}/active: deactivation signs the sheriff out everywhere. */
export const useSetSheriffActive = () =>
  useSheriffMutation(({ id, is_active, reason }: { id: number; is_active: boolean; reason: string }) =>
    api.put<Envelope<Sheriff>>(`/admin/sheriffs/${id}/active`, { is_active, reason: reason || null }),
  );

/** POST /admin/sheriffs/{id}/invitation: a new 7-day link while the sheriff has not set a password. */
export const useResendInvitation = () =>
  useMutation({
    mutationFn: (id: number) =>
      api.post<{ message: string; expires_at: string }>(`/admin/sheriffs/${id}/invitation`),
  });
