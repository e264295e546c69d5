import type {
  AdminFirmListSchema,
  AdminUserListSchema,
  MailMessageSchema,
  MailOutboxListSchema,
  SalesContactListSchema,
} from '@lexserve/contracts/admin';
import type { Branch } from '@lexserve/contracts/firms';
import type { Role } from '@lexserve/contracts/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { adminKeys } from '../keys';

type AdminUserList = z.infer<typeof AdminUserListSchema>;
export type AdminUser = AdminUserList['users'][number];
type AdminFirmList = z.infer<typeof AdminFirmListSchema>;
export type AdminFirm = AdminFirmList['firms'][number];
export type MailMessage = z.infer<typeof MailMessageSchema>;
type MailOutboxList = z.infer<typeof MailOutboxListSchema>;
export type SalesContactList = z.infer<typeof SalesContactListSchema>;

export type UserQuery = {
  search: string;
  role: Role | '';
  status: 'all' | 'active' | 'inactive';
  skip: number;
  limit: number;
};

export const useAdminUsers = (query: UserQuery) =>
  useQuery({
    queryKey: adminKeys.userList(query),
    queryFn: () =>
      api.get<AdminUserList>('/admin/users', {
        query: {
          search: query.search.trim() || undefined,
          role: query.role || undefined,
          is_active: query.status === 'all' ? undefined : query.status === 'active',
          skip: query.skip,
          limit: query.limit,
        },
      }),
    placeholderData: keepPreviousData,
  });

/** PUT /users/activate-deactivate/{id}: a reason is required either way. */
export const useSetUserActive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, is_active, reason }: { id: number; is_active: boolean; reason: string }) =>
      api.put<{ message: string }>(`/users/activate-deactivate/${id}`, { is_active, reason }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.users });
      await queryClient.invalidateQueries({ queryKey: sharedKeys.users });
      await queryClient.invalidateQueries({ queryKey: adminKeys.firms });
    },
  });
};

export type FirmQuery = {
  search: string;
  status: 'all' | 'active' | 'inactive';
  skip: number;
  limit: number;
};

export const useAdminFirms = (query: FirmQuery) =>
  useQuery({
    queryKey: adminKeys.firmList(query),
    queryFn: () =>
      api.get<AdminFirmList>('/admin/firms', {
        query: {
          search: query.search.trim() || undefined,
          is_active: query.status === 'all' ? undefined : query.status === 'active',
          skip: query.skip,
          limit: query.limit,
        },
      }),
    placeholderData: keepPreviousData,
  });

/** PUT /firms/{id} with is_active (system admin only). */
export const useSetFirmActive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, is_active }: { id: number; is_active: boolean }) =>
      api.put(`/firms/${id}`, { is_active }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.firms });
      await queryClient.invalidateQueries({ queryKey: sharedKeys.firms });
    },
  });
};

export const useFirmBranches = (firmId: number | null) =>
  useQuery({
    queryKey: adminKeys.firmBranches(firmId ?? 0),
    queryFn: async () => (await api.get<{ branches: Branch[] }>(`/firms/${firmId}/branches`)).branches ?? [],
    enabled: firmId !== null,
  });

export type MailQuery = {
  search: string;
  status: '' | 'kept' | 'sent' | 'failed';
  skip: number;
  limit: number;
};

export const useMailOutbox = (query: MailQuery) =>
  useQuery({
    queryKey: adminKeys.mail(query),
    queryFn: () =>
      api.get<MailOutboxList>('/admin/mail-outbox', {
        query: {
          search: query.search.trim() || undefined,
          status: query.status || undefined,
          skip: query.skip,
          limit: query.limit,
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useSalesContacts = () =>
  useQuery({
    queryKey: adminKeys.salesContacts,
    queryFn: () =>
      api.get<SalesContactList>('/admin/subscriptions/sales-contacts', { query: { limit: 100 } }),
  });

export const useUpdateSalesContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'new' | 'contacted' | 'closed' }) =>
      api.put(`/admin/subscriptions/sales-contacts/${id}`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.salesContacts }),
  });
};
