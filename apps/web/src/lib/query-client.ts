import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from './api-client';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * How long a read result may be reused (spec 1, section 9, "Reuse of read results"), as TanStack
 * Query stale times. Features pick the entry for their data: `staleTime: STALE_TIMES.users`.
 */
export const STALE_TIMES = {
  default: 5 * MINUTE,
  users: 10 * MINUTE,
  permissions: 10 * MINUTE,
  currentUser: 10 * MINUTE,
  plans: 30 * MINUTE,
  featuredPlans: 30 * MINUTE,
  mySubscription: 15 * MINUTE,
  usage: 2 * MINUTE,
  firms: 15 * MINUTE,
  branches: 15 * MINUTE,
  sheriffs: 15 * MINUTE,
  documents: 2 * MINUTE,
  returnsOfService: 2 * MINUTE,
  appConfiguration: 60 * MINUTE,
  notificationList: 60 * SECOND,
  notificationStats: 30 * SECOND,
} as const;

/** Unused entries are dropped after this long (spec 9: clean-up of expired entries every 5 minutes). */
const CACHE_GC_TIME = 5 * MINUTE;

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIMES.default,
        gcTime: CACHE_GC_TIME,
        refetchOnWindowFocus: false,
        // Client errors will not change on retry; network failures and 5xx get one more try.
        retry: (failureCount, error) => {
          if (isApiRequestError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
