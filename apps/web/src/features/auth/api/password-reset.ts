import { FORGOT_PASSWORD_MESSAGE, RESET_LINK_INVALID } from '@lexserve/contracts/constants';
import { api, describeError } from '../../../lib/api-client';

export const requestPasswordReset = async (email: string): Promise<string> => {
  const answer = await api.post<{ message?: string }>('/auth/forgot-password', { email }, { auth: false });
  return answer?.message || FORGOT_PASSWORD_MESSAGE;
};

export const resetPassword = async (input: {
  token: string;
  new_password: string;
  confirm_password: string;
}): Promise<string> => {
  const answer = await api.post<{ message?: string }>('/auth/reset-password', input, { auth: false });
  return answer?.message || 'Your password has been reset. You can now log in with your new password.';
};

export const resetPasswordErrorMessage = (error: unknown): string =>
  describeError(error, {
    byStatus: { 400: RESET_LINK_INVALID },
    network: 'Unable to connect to the server. Please check your internet connection and try again.',
    fallback: 'Failed to reset password. Please try again.',
  });

export const forgotPasswordErrorMessage = (error: unknown): string =>
  describeError(error, {
    network: 'Unable to connect to the server. Please check your internet connection and try again.',
    fallback: 'Failed to send the reset link. Please try again.',
  });
