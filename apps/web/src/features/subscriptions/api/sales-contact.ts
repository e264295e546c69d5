import type { SalesContactInput } from '@lexserve/contracts/subscriptions';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /subscriptions/sales-contact: stored, and the system admins are told (product decision). */
const submitSalesContact = (input: SalesContactInput) =>
  api.post<{ id: number; message: string }>('/subscriptions/sales-contact', input);

export const useSalesContact = () => useMutation({ mutationFn: submitSalesContact });
