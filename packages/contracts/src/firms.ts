import { z } from 'zod';
import { EMAIL_PATTERN, IdSchema, OptionalTextSchema } from './common';

export const FirmSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contact_email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  max_branches: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Firm = z.infer<typeof FirmSchema>;
export const FirmListSchema = z.object({ firms: z.array(FirmSchema), total: z.number().int() });

export const FirmListQuerySchema = z.object({
  search: z.string().trim().optional(),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const FIRM_REQUIRED = 'Firm name and contact email are required.';
export const CreateFirmInputSchema = z.object({
  name: z.string({ error: FIRM_REQUIRED }).trim().min(1, FIRM_REQUIRED).max(200, 'Firm name is too long'),
  contact_email: z
    .string({ error: FIRM_REQUIRED })
    .trim()
    .min(1, FIRM_REQUIRED)
    .regex(EMAIL_PATTERN, 'Please enter a valid firm email address'),
  phone: OptionalTextSchema.optional(),
  address: OptionalTextSchema.optional(),
  max_branches: z.coerce.number().int().min(1, 'Maximum branches must be at least 1.').default(1),
  is_active: z.boolean().optional(),
});
export const UpdateFirmInputSchema = z.object({
  name: z.string().trim().min(1, FIRM_REQUIRED).max(200, 'Firm name is too long').optional(),
  contact_email: z.string().trim().regex(EMAIL_PATTERN, 'Please enter a valid firm email address').optional(),
  phone: OptionalTextSchema.optional(),
  address: OptionalTextSchema.optional(),
  max_branches: z.coerce.number().int().min(1, 'Maximum branches must be at least 1.').optional(),
  is_active: z.boolean().optional(),
});

export const BranchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  firm_id: z.number().int(),
  practice_number: z.string(),
  address: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  digital_service_address: z.string().nullable(),
  is_main: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Branch = z.infer<typeof BranchSchema>;
export const BranchListSchema = z.object({ branches: z.array(BranchSchema), total: z.number().int() });

const BRANCH_REQUIRED = 'Branch name and firm ID are required.';
export const CreateBranchInputSchema = z.object({
  name: z
    .string({ error: BRANCH_REQUIRED })
    .trim()
    .min(1, BRANCH_REQUIRED)
    .max(100, 'Branch name is too long'),
  firm_id: z.coerce.number({ error: BRANCH_REQUIRED }).int().positive(BRANCH_REQUIRED),
  practice_number: z
    .string({ error: 'Practice number is required.' })
    .trim()
    .min(1, 'Practice number is required.')
    .max(50, 'Practice number is too long'),
  address: OptionalTextSchema.optional(),
  contact_email: z
    .string()
    .trim()
    .regex(EMAIL_PATTERN, 'Please enter a valid email address')
    .nullish()
    .or(z.literal('').transform(() => null)),
  contact_phone: OptionalTextSchema.optional(),
  digital_service_address: z
    .string()
    .trim()
    .regex(EMAIL_PATTERN, 'Digital service address must be an e-mail address')
    .nullish()
    .or(z.literal('').transform(() => null)),
  is_active: z.boolean().optional(),
});
export const UpdateBranchInputSchema = z.object({
  name: z.string().trim().min(1, BRANCH_REQUIRED).max(100, 'Branch name is too long').optional(),
  practice_number: z.string().trim().min(1, 'Practice number is required.').max(50).optional(),
  address: OptionalTextSchema.optional(),
  contact_email: z.string().trim().regex(EMAIL_PATTERN, 'Please enter a valid email address').nullish(),
  contact_phone: OptionalTextSchema.optional(),
  digital_service_address: z
    .string()
    .trim()
    .regex(EMAIL_PATTERN, 'Digital service address must be an e-mail address')
    .nullish(),
  is_active: z.boolean().optional(),
});
export const BranchIdSchema = IdSchema;
