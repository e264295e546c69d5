import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from './constants';
import {
  CREATABLE_FIRM_ROLES,
  EMAIL_PATTERN,
  IdSchema,
  NotificationTypeSchema,
  OptionalTextSchema,
  QueryBooleanSchema,
  ROLES,
  RoleSchema,
} from './common';
import { ServiceAreasSchema } from './courts';
import { defineErrors } from './errors';

export const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  display_name: z.string(),
  username: z.string(),
  name: z.string(),
  role: RoleSchema,
  role_display_name: z.string(),
  phone_number: z.string().nullable(),
  address: z.string().nullable(),
  firm_id: z.number().int().nullable(),
  branch_id: z.number().int().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_login: z.string().nullable(),
  /** Created with a generated password (or invited): every call but /users/me and the password change answers 403. */
  must_change_password: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;
export const UserListSchema = z.object({ users: z.array(UserSchema) });

export const PermissionsSchema = z.object({ role: RoleSchema, permissions: z.array(z.string()) });

const email = z.string().trim().regex(EMAIL_PATTERN, 'Please enter a valid email address.');

/** Profile update: only the fields sent are changed; empty values become null, e-mail is never nulled. */
export const UpdateProfileInputSchema = z
  .object({
    full_name: z.string().trim().min(1, 'Full name is required').max(100, 'Full name is too long').optional(),
    email: email.optional(),
    phone_number: OptionalTextSchema.optional(),
    address: OptionalTextSchema.optional(),
    /** Required to change the e-mail address (the login). */
    current_password: z.string().optional(),
  })
  .strip();
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

/** POST /users (system administrator): any role. */
export const CreateUserInputSchema = z.object({
  email: z
    .string({ error: 'Email and full name are required.' })
    .trim()
    .min(1, 'Email and full name are required.')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  full_name: z
    .string({ error: 'Email and full name are required.' })
    .trim()
    .min(1, 'Email and full name are required.'),
  role: z.enum(ROLES, {
    error: (issue) =>
      issue.input === undefined ? 'User role is required.' : `Role must be one of: ${ROLES.join(', ')}.`,
  }),
  password: z.string().min(8, 'Password must be at least 8 characters').optional(),
  firm_id: IdSchema.nullish(),
  branch_id: IdSchema.nullish(),
  phone_number: OptionalTextSchema.optional(),
  address: OptionalTextSchema.optional(),
  is_active: z.boolean().optional(),
});
export type CreateUserInput = z.infer<typeof CreateUserInputSchema>;

export const UpdateUserInputSchema = z.object({
  email: email.optional(),
  full_name: z.string().trim().min(1).max(100).optional(),
  role: RoleSchema.optional(),
  firm_id: IdSchema.nullish(),
  branch_id: IdSchema.nullish(),
  phone_number: OptionalTextSchema.optional(),
  address: OptionalTextSchema.optional(),
  is_active: z.boolean().optional(),
  /** Kept in the audit log with the change. */
  reason: z.string().trim().max(500).optional(),
  /** Required when a user changes their own e-mail address through this call. */
  current_password: z.string().optional(),
});
export type UpdateUserInput = z.infer<typeof UpdateUserInputSchema>;

export const CreatableFirmRoleSchema = z.enum(CREATABLE_FIRM_ROLES, {
  error: 'Role must be either branch_admin or legal_practitioner.',
});

export const CreateFirmUserInputSchema = z
  .object({
    email: z
      .string({ error: 'Email and full name are required.' })
      .trim()
      .min(1, 'Email and full name are required.')
      .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
    full_name: z
      .string({ error: 'Email and full name are required.' })
      .trim()
      .min(1, 'Email and full name are required.'),
    role: CreatableFirmRoleSchema,
    branch_id: IdSchema.nullish(),
    phone_number: OptionalTextSchema.optional(),
    address: OptionalTextSchema.optional(),
  })
  .refine((v) => v.role !== 'legal_practitioner' || v.branch_id != null, {
    message: 'Branch ID is required for legal practitioners.',
    path: ['branch_id'],
  });
export type CreateFirmUserInput = z.infer<typeof CreateFirmUserInputSchema>;

export const CreateFirmUserResultSchema = z.object({ generated_password: z.string(), user: UserSchema });

export const ActivateDeactivateInputSchema = z.object({
  is_active: z.boolean({ error: 'Activation status is required' }),
  reason: z
    .string({ error: 'Reason is required for user activation/deactivation' })
    .trim()
    .min(1, 'Reason is required for user activation/deactivation'),
});

export const ChangeRoleInputSchema = z
  .object({
    new_role: z.enum(CREATABLE_FIRM_ROLES, { error: 'New role is required' }),
    reason: z
      .string({ error: 'Reason is required for role change' })
      .trim()
      .min(1, 'Reason is required for role change'),
    new_branch_id: IdSchema.nullish(),
  })
  .refine((v) => v.new_role !== 'legal_practitioner' || v.new_branch_id != null, {
    message: 'Branch ID is required for legal practitioners.',
    path: ['new_branch_id'],
  });

export const FirmBranchesWithUsersSchema = z.object({
  firm_id: z.number().int(),
  firm_name: z.string(),
  total_branches: z.number().int(),
  total_users: z.number().int(),
  active_branches: z.number().int(),
  active_users: z.number().int(),
  branches: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      practice_number: z.string(),
      total_users: z.number().int(),
      contact_email: z.string().nullable(),
      contact_phone: z.string().nullable(),
      address: z.string().nullable(),
      digital_service_address: z.string().nullable(),
      is_active: z.boolean(),
      users: z.array(UserSchema),
    }),
  ),
  unassigned_users: z.array(UserSchema),
});

export { NOTIFICATION_TYPES, NotificationTypeSchema, type NotificationType };

export const NotificationPreferencesSchema = z.object({
  preferences: z.record(NotificationTypeSchema, z.object({ email: z.boolean() })),
});
/** PUT: any subset of the types; the others keep their setting. */
export const UpdateNotificationPreferencesInputSchema = z.object({
  preferences: z.partialRecord(NotificationTypeSchema, z.object({ email: z.boolean() })),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>['preferences'];
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  assignment_notification: { email: true },
  status_update: { email: true },
  completion_notification: { email: true },
  deadline_reminder: { email: true },
  system_alert: { email: true },
};

// ---------------------------------------------------------------------------------------------------------
// Sheriffs: accounts the system administrator creates, with their office, appointment and service areas
// ---------------------------------------------------------------------------------------------------------

const SHERIFF_KINDS = ['sheriff', 'deputy'] as const;
type SheriffKind = (typeof SHERIFF_KINDS)[number];

/**
 * How an appointment reads: "Sheriff of the Court, Pretoria Central" or "Deputy Sheriff, Pretoria Central" (Sheriffs
 * Act 90 of 1986: a sheriff is appointed for an area, s 2 and s 3; a deputy acts in a sheriff's office, s 6). Without an
 * area (a profile made before areas existed) the title alone.
 */
export function appointmentTitle(kind: SheriffKind, areaName: string | null | undefined): string {
  const title = kind === 'deputy' ? 'Deputy Sheriff' : 'Sheriff of the Court';
  return areaName ? `${title}, ${areaName}` : title;
}

/** A sheriff as answered by the admin calls and by GET /users/sheriffs: the user plus the sheriff's profile. */
export const SheriffSchema = UserSchema.extend({
  /** Null for a sheriff account created before profiles existed (or through POST /users). */
  office_name: z.string().nullable(),
  appointment_number: z.string().nullable(),
  /** Magisterial districts the sheriff serves in (kept for older clients; the area is the truth). */
  service_areas: z.array(z.string()),
  /** The area of appointment: a deputy's is their office's; null when none was set. */
  area: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** 'deputy' for a deputy sheriff serving in the office of `office_sheriff_id`. */
  kind: z.enum(SHERIFF_KINDS),
  office_sheriff_id: z.number().int().nullable(),
  /** `appointmentTitle(kind, area.name)`: "Sheriff of the Court, Pretoria Central". */
  appointment_title: z.string(),
});
export type Sheriff = z.infer<typeof SheriffSchema>;
/** GET /users/sheriffs keeps the `{users: [...]}` shape of the spec. */
export const SheriffUserListSchema = z.object({ users: z.array(SheriffSchema) });
export const SheriffListSchema = z.object({ sheriffs: z.array(SheriffSchema), total: z.number().int() });

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long (at most ${max} characters)`);

const sheriffFields = {
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address')
    .max(320, 'Email is too long'),
  full_name: required('Full name', 100),
  phone_number: required('Phone number', 30).regex(
    /^\+?[0-9 ()-]{7,20}$/,
    'Please enter a valid phone number',
  ),
  office_name: required('Office name', 200),
  /** The number of the sheriff's appointment under the Sheriffs Act 90 of 1986: unique among sheriffs. */
  appointment_number: required('Appointment number', 50),
  service_areas: ServiceAreasSchema,
};

const AreaIdSchema = z
  .number({ error: 'area_id must be the id of a sheriff area' })
  .int('area_id must be the id of a sheriff area')
  .positive('area_id must be the id of a sheriff area');

/**
 * POST /admin/sheriffs: the password is generated and never answered. A sheriff: `area_id` (the area of appointment;
 * service_areas then default to the area's name) or service_areas, and the office name. A deputy sheriff:
 * `office_sheriff_id` (the active sheriff whose office they serve in); their office and area are that sheriff's.
 */
export const CreateSheriffInputSchema = z
  .object({
    ...sheriffFields,
    office_name: sheriffFields.office_name.optional(),
    service_areas: sheriffFields.service_areas.optional(),
    area_id: AreaIdSchema.nullish(),
    office_sheriff_id: z
      .number({ error: 'office_sheriff_id must be the id of a sheriff' })
      .int()
      .positive()
      .nullish(),
  })
  .superRefine(
    (v, ctx) => {
      const deputy = v.office_sheriff_id != null;
      if (!deputy && v.office_name === undefined)
        ctx.addIssue({ code: 'custom', path: ['office_name'], message: 'Office name is required' });
      if (!deputy && v.area_id == null && v.service_areas === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['service_areas'],
          message: 'Service areas are required: at least one magisterial district',
        });
      if (deputy && v.area_id != null)
        ctx.addIssue({
          code: 'custom',
          path: ['area_id'],
          message: 'A deputy sheriff serves in their sheriff’s area: leave area_id out',
        });
    },
    { when: () => true },
  );
export type CreateSheriffInput = z.infer<typeof CreateSheriffInputSchema>;

/** PUT /admin/sheriffs/{id}: the fields sent are changed (`area_id: null` clears a sheriff's area). */
export const UpdateSheriffInputSchema = z.object({
  email: sheriffFields.email.optional(),
  full_name: sheriffFields.full_name.optional(),
  phone_number: sheriffFields.phone_number.optional(),
  office_name: sheriffFields.office_name.optional(),
  appointment_number: sheriffFields.appointment_number.optional(),
  service_areas: sheriffFields.service_areas.optional(),
  area_id: AreaIdSchema.nullable().optional(),
});
export type UpdateSheriffInput = z.infer<typeof UpdateSheriffInputSchema>;

/** PUT /admin/sheriffs/{id}/active: deactivate (signs the sheriff out everywhere) or reactivate. */
export const SetSheriffActiveInputSchema = z.object({
  is_active: z.boolean({ error: 'is_active is required (true or false)' }),
  reason: z
    .string()
    .trim()
    .max(1000, 'Reason is too long')
    .nullish()
    .transform((v) => v || null),
});

export const SheriffListQuerySchema = z.object({
  /** Name, e-mail, office, appointment number or service area; case ignored. */
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
  area: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
  is_active: QueryBooleanSchema.optional(),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(25),
});
export type SheriffListQuery = z.infer<typeof SheriffListQuerySchema>;

/** GET /users/sheriffs?area=: the active sheriffs, those serving the district when one is given. */
export const SheriffsByAreaQuerySchema = z.object({
  area: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
});

/** Days the invitation link of a new sheriff stays valid (a password-reset token with a longer life). */
export const SHERIFF_INVITATION_DAYS = 7;

export const SheriffErrors = defineErrors({
  SHERIFF_NOT_FOUND: { status: 404, message: 'Sheriff not found.' },
  APPOINTMENT_NUMBER_TAKEN: {
    status: 409,
    message: 'A sheriff with this appointment number already exists.',
  },
  SHERIFF_EMAIL_TAKEN: { status: 409, message: 'A user with this email already exists.' },
  /** Resending an invitation to a sheriff who has already set a password. */
  INVITATION_NOT_NEEDED: {
    status: 409,
    message: 'This sheriff has already set a password; no invitation is needed.',
  },
  /** Resending an invitation to a deactivated sheriff. */
  SHERIFF_INACTIVE: { status: 409, message: 'This sheriff is deactivated. Reactivate the sheriff first.' },
});

/** 422 messages of the sheriff's area and a deputy's office (FieldErrors on `area_id` / `office_sheriff_id`). */
export const SHERIFF_AREA_UNKNOWN = 'Unknown sheriff area: choose one of the areas the administrator set up';
export const DEPUTY_OFFICE_INVALID =
  'A deputy sheriff must serve in the office of an active sheriff (not a deputy)';
