import type { RegisterInput } from '@lexserve/contracts/auth';
import { api, describeError } from '../../../lib/api-client';

type RegisterResult = { status: string; message: string; data: unknown };

export const registerFirmAdministrator = (input: RegisterInput): Promise<RegisterResult> =>
  api.post<RegisterResult>('/auth/register', input, { auth: false });

const REGISTRATION_ERROR_MESSAGES = {
  405: 'Registration endpoint not properly configured. Please contact support.',
  422: 'Registration validation failed. Please check all required fields.',
  network:
    'Unable to connect to the registration service. Please check your internet connection and try again.',
  other: 'Registration failed. Please try again.',
} as const;

/** Spec 8, "Registration"; a conflict (e-mail already registered) shows the server's own words. */
export const registrationErrorMessage = (error: unknown): string =>
  describeError(error, {
    byStatus: { 405: REGISTRATION_ERROR_MESSAGES[405], 422: REGISTRATION_ERROR_MESSAGES[422] },
    network: REGISTRATION_ERROR_MESSAGES.network,
    fallback: REGISTRATION_ERROR_MESSAGES.other,
  });

export const REGISTRATION_SUCCESS_MESSAGE =
  'Account created successfully! Please log in with your credentials.';
