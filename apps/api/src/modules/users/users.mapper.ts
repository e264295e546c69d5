import type { User } from '@lexserve/contracts/users';
import { ROLE_LABELS } from '@lexserve/contracts/common';
import type { users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

/** The one place a user row becomes the spec's User; the password hash never leaves. */
export const toUserDto = (u: UserRow): User => ({
  id: u.id,
  email: u.email,
  full_name: u.fullName,
  display_name: u.fullName,
  username: u.username,
  name: u.fullName,
  role: u.role,
  role_display_name: ROLE_LABELS[u.role],
  phone_number: u.phoneNumber,
  address: u.address,
  firm_id: u.firmId,
  branch_id: u.branchId,
  is_active: u.isActive,
  created_at: u.createdAt.toISOString(),
  updated_at: u.updatedAt.toISOString(),
  last_login: u.lastLogin?.toISOString() ?? null,
  must_change_password: u.mustChangePassword,
});
