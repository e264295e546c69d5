import { sharedKeys } from '../../lib/query-keys';

/** The users feature's reads, all below ['users'] so any change to users refreshes them. */
export const userKeys = {
  all: sharedKeys.users,
  profile: [...sharedKeys.users, 'me', 'profile'] as const,
  firmBranchesWithUsers: [...sharedKeys.users, 'firm-branches-with-users'] as const,
};
