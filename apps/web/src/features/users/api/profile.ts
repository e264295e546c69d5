import type { User } from '@lexserve/contracts/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AuthErrors } from '@lexserve/contracts/errors';
import { api, describeError } from '../../../lib/api-client';
import { STALE_TIMES } from '../../../lib/query-client';
import { sharedKeys } from '../../../lib/query-keys';
import { userKeys } from '../keys';

export type ProfileChanges = Partial<{
  full_name: string;
  email: string;
  phone_number: string | null;
  address: string | null;
}>;
/** What is sent: the changes, plus the current password when the e-mail (the login) changes. */
type ProfileUpdate = ProfileChanges & { current_password?: string };
type ProfileUpdateAnswer = { status?: string; data?: User; message?: string };

const getProfile = (): Promise<User> => api.get<User>('/users/me/profile');

const profileQueryOptions = () =>
  queryOptions({ queryKey: userKeys.profile, queryFn: getProfile, staleTime: STALE_TIMES.currentUser });

export const useProfile = () => useQuery(profileQueryOptions());

const updateProfile = (changes: ProfileUpdate): Promise<ProfileUpdateAnswer> =>
  api.put<ProfileUpdateAnswer>('/users/me/profile', changes);

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (answer) => {
      if (answer?.data) queryClient.setQueryData(userKeys.profile, answer.data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.me }),
        queryClient.invalidateQueries({ queryKey: userKeys.profile }),
        queryClient.invalidateQueries({ queryKey: userKeys.firmBranchesWithUsers }),
      ]);
    },
  });
};

export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully!';

/** Spec 8, "Profile" (load). */
export const profileLoadErrorMessage = (error: unknown): string =>
  describeError(error, {
    byStatus: {
      404: 'User profile not found. Please contact support.',
      401: 'Authentication required. Please log in again.',
    },
    fallback: 'Failed to load profile. Please try again.',
    useServerMessage: false,
  });

/** Spec 8, "Profile" (update); other failures read 'Failed to update profile. Please try again.' */
export const profileUpdateErrorMessage = (error: unknown): string =>
  describeError(error, {
    byCode: {
      [AuthErrors.EMAIL_CHANGE_PASSWORD_REQUIRED.code]: AuthErrors.EMAIL_CHANGE_PASSWORD_REQUIRED.message,
      [AuthErrors.EMAIL_CHANGE_WRONG_PASSWORD.code]: AuthErrors.EMAIL_CHANGE_WRONG_PASSWORD.message,
    },
    byStatus: {
      422: 'Profile validation failed. Please check all required fields.',
      409: 'Email address is already in use. Please choose a different email.',
    },
    fallback: 'Failed to update profile. Please try again.',
    useServerMessage: false,
  });
