import { z } from 'zod';
import { EMAIL_PATTERN, PASSWORD_RULE } from './constants';

export { PASSWORD_RULE };

export const LoginInputSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const TokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const RefreshInputSchema = z.object({ refresh_token: z.string().min(1, 'Refresh token is required') });
export const LogoutInputSchema = z.object({ refresh_token: z.string().optional() }).nullish();

const text = (min: number, max: number, short: string, long: string) =>
  z.string({ error: short }).trim().min(min, short).max(max, long);
const optionalPhone = z
  .string()
  .nullish()
  .transform((v) => v?.trim() || null);

/** Sign-up rules of spec 1 §5, shared by the sign-up form and the register call. */
export const RegisterInputSchema = z
  .object({
    full_name: text(2, 100, 'Full name must be at least 2 characters', 'Full name is too long'),
    email: z
      .string({ error: 'Please enter a valid email address' })
      .trim()
      .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
    phone_number: optionalPhone,
    password: z
      .string({ error: 'Password must be at least 8 characters' })
      .min(8, 'Password must be at least 8 characters')
      .regex(PASSWORD_RULE, 'Password must contain uppercase, lowercase, and number'),
    confirm_password: z.string({ error: "Passwords don't match" }),
    firm_name: text(2, 200, 'Firm name must be at least 2 characters', 'Firm name is too long'),
    firm_email: z
      .string({ error: 'Please enter a valid firm email address' })
      .trim()
      .regex(EMAIL_PATTERN, 'Please enter a valid firm email address'),
    firm_phone: optionalPhone,
    firm_address: text(10, 500, 'Please enter a complete business address', 'Address is too long'),
    branch_name: text(2, 100, 'Branch name must be at least 2 characters', 'Branch name is too long'),
    practice_number: text(
      3,
      50,
      'Practice number must be at least 3 characters',
      'Practice number is too long',
    ),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: "Passwords don't match",
    path: ['confirm_password'],
  });
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

/** Change password, request level (spec 1 §5) plus the password rule on the new one. */
export const ChangePasswordInputSchema = z
  .object({
    current_password: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required'),
    new_password: z
      .string({ error: 'New password is required' })
      .min(1, 'New password is required')
      .min(8, 'New password must be at least 8 characters')
      .regex(
        PASSWORD_RULE,
        'New password must contain at least one lowercase letter, one uppercase letter, and one number',
      ),
    confirm_password: z
      .string({ error: 'Password confirmation is required' })
      .min(1, 'Password confirmation is required'),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    message: 'New password and confirmation do not match',
    path: ['confirm_password'],
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const ForgotPasswordInputSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
});
export const ResetPasswordInputSchema = z
  .object({
    token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required'),
    new_password: z
      .string({ error: 'New password is required' })
      .min(8, 'New password must be at least 8 characters')
      .regex(
        PASSWORD_RULE,
        'New password must contain at least one lowercase letter, one uppercase letter, and one number',
      ),
    confirm_password: z.string({ error: 'Password confirmation is required' }),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    message: 'New password and confirmation do not match',
    path: ['confirm_password'],
  });

// The password-reset answers live in constants.ts (no zod): the public forgot-password page reads them.
export { FORGOT_PASSWORD_MESSAGE, PASSWORD_RESET_DONE, RESET_LINK_INVALID } from './constants';
