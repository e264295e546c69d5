import type { LoginInput, TokenPair } from '@lexserve/contracts/auth';
import { AuthErrors } from '@lexserve/contracts/errors';
import { api, describeError } from '../../../lib/api-client';

export const loginWithPassword = (input: LoginInput): Promise<TokenPair> =>
  api.post<TokenPair>('/users/login', input, { auth: false });

/** The login error table of spec 1, section 8 (with the form's wording for 403). */
const LOGIN_ERROR_MESSAGES = {
  401: 'Invalid email or password. Please check your credentials and try again.',
  422: 'Invalid login credentials format. Please check your email and password.',
  403: 'Access denied. Your account may be suspended or inactive.',
  429: 'Too many login attempts. Please wait a moment and try again.',
  server: 'Server error. Please try again later.',
  network: 'Network error. Please check your connection and try again.',
  other: 'Login failed. Please try again.',
} as const;

export const loginErrorMessage = (error: unknown): string =>
  describeError(error, {
    // A deactivated firm or branch says so: the user's own account is fine, someone else must act.
    byCode: {
      [AuthErrors.FIRM_INACTIVE.code]: AuthErrors.FIRM_INACTIVE.message,
      [AuthErrors.BRANCH_INACTIVE.code]: AuthErrors.BRANCH_INACTIVE.message,
    },
    byStatus: {
      401: LOGIN_ERROR_MESSAGES[401],
      422: LOGIN_ERROR_MESSAGES[422],
      403: LOGIN_ERROR_MESSAGES[403],
      429: LOGIN_ERROR_MESSAGES[429],
      500: LOGIN_ERROR_MESSAGES.server,
      502: LOGIN_ERROR_MESSAGES.server,
      503: LOGIN_ERROR_MESSAGES.server,
      504: LOGIN_ERROR_MESSAGES.server,
    },
    network: LOGIN_ERROR_MESSAGES.network,
    fallback: LOGIN_ERROR_MESSAGES.other,
    useServerMessage: false,
  });
