import { NOTIFICATIONS_PAGE_SIZE, type NotificationList } from '@lexserve/contracts/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STALE_TIMES } from '../../../lib/query-client';
import { notificationKeys } from '../keys';

export type NotificationListParams = { skip: number; limit: number };

/** The centre loads the newest 50 (skip 0) and filters them on the page (spec 1, section 7). */
export const CENTRE_LIST_PARAMS: NotificationListParams = { skip: 0, limit: NOTIFICATIONS_PAGE_SIZE };

const getNotifications = (params: NotificationListParams = CENTRE_LIST_PARAMS): Promise<NotificationList> =>
  api.get<NotificationList>('/notifications/', { query: params });

export const notificationsQueryOptions = (params: NotificationListParams = CENTRE_LIST_PARAMS) =>
  queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: () => getNotifications(params),
    staleTime: STALE_TIMES.notificationList,
  });

export const useNotifications = (params: NotificationListParams = CENTRE_LIST_PARAMS) =>
  useQuery(notificationsQueryOptions(params));
