import { useMutation } from '@tanstack/react-query';
import { api, describeError } from '../../../lib/api-client';
import type { ChangePasswordForm } from '../schemas';

export const PASSWORD_UPDATED_MESSAGE = 'Password updated successfully!';

const changePassword = (input: ChangePasswordForm): Promise<{ message?: string }> =>
  // A 401 here means "current password is wrong", not an expired session: no refresh-and-retry.
  api.post<{ message?: string }>('/users/change-password', input, { retryOn401: false });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });

/** Spec 8, "Password". */
export const changePasswordErrorMessage = (error: unknown): string =>
  describeError(error, {
    byStatus: {
      401: 'Current password is incorrect.',
      400: 'Invalid password data. Please check your input.',
    },
    fallback: 'Failed to update password. Please try again.',
  });
