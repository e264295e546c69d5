import type { FirmBranchesWithUsersSchema, User } from '@lexserve/contracts/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreatableFirmRole } from '../../../config/constants';
import { api, describeError } from '../../../lib/api-client';
import { STALE_TIMES } from '../../../lib/query-client';
import { userKeys } from '../keys';

export type FirmBranchesWithUsers = z.infer<typeof FirmBranchesWithUsersSchema>;
export type FirmBranchWithUsers = FirmBranchesWithUsers['branches'][number];

type CreateFirmUserInput = {
  email: string;
  full_name: string;
  role: CreatableFirmRole;
  branch_id: number | null;
  phone_number: string | null;
  address: string | null;
};
export type CreateFirmUserResult = { generated_password: string; user: User };
type ChangeRoleInput = { new_role: CreatableFirmRole; reason: string; new_branch_id: number | null };
type SetActiveInput = { is_active: boolean; reason: string };
type UserWriteAnswer = { status?: string; data?: User; message?: string };

const getFirmBranchesWithUsers = (): Promise<FirmBranchesWithUsers> =>
  api.get<FirmBranchesWithUsers>('/users/firm-branches-with-users');

const firmBranchesWithUsersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.firmBranchesWithUsers,
    queryFn: getFirmBranchesWithUsers,
    staleTime: STALE_TIMES.users,
  });

export const useFirmBranchesWithUsers = () => useQuery(firmBranchesWithUsersQueryOptions());

const createFirmUser = (input: CreateFirmUserInput): Promise<CreateFirmUserResult> =>
  api.post<CreateFirmUserResult>('/users/create-firm-user', input);

const changeUserRole = ({
  userId,
  ...input
}: ChangeRoleInput & { userId: number }): Promise<UserWriteAnswer> =>
  api.put<UserWriteAnswer>(`/users/change-role/${userId}`, input);

const setUserActive = ({ userId, ...input }: SetActiveInput & { userId: number }): Promise<UserWriteAnswer> =>
  api.put<UserWriteAnswer>(`/users/activate-deactivate/${userId}`, input);

/** Every write about users refreshes every list of users (and the firm's branches overview). */
const useUsersMutation = <TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};

export const useCreateFirmUser = () => useUsersMutation(createFirmUser);
export const useChangeUserRole = () => useUsersMutation(changeUserRole);
export const useSetUserActive = () => useUsersMutation(setUserActive);

const OWN_ACCOUNT = 'You cannot modify your own account or do not have permission to modify this user.';

/** Spec 8, "Users". */
export const firmUsersLoadErrorMessage = (error: unknown): string =>
  describeError(error, {
    byStatus: {
      404: 'No firm data found. Please contact your administrator.',
      403: 'You do not have permission to view users. Please contact your administrator.',
    },
    fallback: 'Failed to load users. Please try again.',
  });

export const createFirmUserErrorMessage = (error: unknown): string =>
  describeError(error, {
    byStatus: {
      409: 'A user with this email already exists.',
      403: 'You do not have permission to create users for this firm.',
    },
    fallback: 'Failed to create user. Please try again.',
  });

export const changeRoleErrorMessage = (error: unknown): string =>
  describeError(error, {
    byStatus: {
      409: 'Role change not allowed. User may have restrictions or invalid role transition.',
      403: OWN_ACCOUNT,
      404: 'User not found.',
    },
    fallback: 'Failed to change user role. Please try again.',
  });

export const setActiveErrorMessage = (error: unknown): string =>
  describeError(error, {
    byStatus: {
      409: 'Cannot perform this action. The user may have restrictions.',
      403: OWN_ACCOUNT,
      404: 'User not found.',
    },
    fallback: 'Failed to update user status. Please try again.',
  });

export const USER_MESSAGES = {
  created: (name: string) => `User ${name} created successfully!`,
  roleChanged: (name: string) => `User ${name}'s role changed successfully!`,
  activated: (name: string) => `User ${name} activated successfully!`,
  deactivated: (name: string) => `User ${name} deactivated successfully!`,
  copied: 'Copied to clipboard!',
  ownAccountTooltip: 'You cannot modify your own account',
  ownAccount: OWN_ACCOUNT,
} as const;
