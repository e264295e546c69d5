import { EMAIL_PATTERN } from '@lexserve/contracts/common';
import { z } from 'zod';
import { PASSWORD_COMPLEXITY, PASSWORD_MIN_LENGTH } from '../../config/constants';

/**
 * Form-level password rules (spec 1, section 5, "Change password", form level), shared by the
 * change-password and reset-password forms. Login and sign-up use the contract schemas as they are.
 */
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'New password must be at least 8 characters')
  .regex(
    PASSWORD_COMPLEXITY,
    'New password must contain at least one lowercase letter, one uppercase letter, and one number',
  );

const confirmPassword = z.string().min(1, 'Please confirm your new password');

export const ChangePasswordFormSchema = z
  .object({
    current_password: z.string().min(1, 'Current password is required'),
    new_password: newPassword,
    confirm_password: confirmPassword,
  })
  .refine((v) => v.new_password === v.confirm_password, {
    message: "Passwords don't match",
    path: ['confirm_password'],
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

export const ResetPasswordFormSchema = z
  .object({ new_password: newPassword, confirm_password: confirmPassword })
  .refine((v) => v.new_password === v.confirm_password, {
    message: "Passwords don't match",
    path: ['confirm_password'],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

export const ForgotPasswordFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
});
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordFormSchema>;
