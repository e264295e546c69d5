import type { BulkMarkReadInput, BulkMarkReadResult } from '@lexserve/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from '../keys';
import { markCachedRead } from './notification-cache';

const bulkMarkNotificationsRead = (input: BulkMarkReadInput): Promise<BulkMarkReadResult> =>
  api.post<BulkMarkReadResult>('/notifications/bulk-mark-read', input);

/** Marks the selected notifications read; the counts are fetched again (some may already have been read). */
export const useBulkMarkRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkMarkNotificationsRead,
    onSuccess: (result, input) => {
      const failed = new Set(result.failed_ids.map(String));
      markCachedRead(
        queryClient,
        new Set(input.notification_ids.map(String).filter((id) => !failed.has(id))),
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.stats });
    },
  });
};
