import type { Branch, Firm } from '@lexserve/contracts/firms';
import type { branches, firms } from '../../db/schema/index';

export type FirmRow = typeof firms.$inferSelect;
export type BranchRow = typeof branches.$inferSelect;

export const toFirmDto = (f: FirmRow): Firm => ({
  id: f.id,
  name: f.name,
  contact_email: f.contactEmail,
  phone: f.phone,
  address: f.address,
  max_branches: f.maxBranches,
  is_active: f.isActive,
  created_at: f.createdAt.toISOString(),
  updated_at: f.updatedAt.toISOString(),
});

export const toBranchDto = (b: BranchRow): Branch => ({
  id: b.id,
  name: b.name,
  firm_id: b.firmId,
  practice_number: b.practiceNumber,
  address: b.address,
  contact_email: b.contactEmail,
  contact_phone: b.contactPhone,
  digital_service_address: b.digitalServiceAddress,
  is_main: b.isMain,
  is_active: b.isActive,
  created_at: b.createdAt.toISOString(),
  updated_at: b.updatedAt.toISOString(),
});

/** The branch's digital service address when none is given: derived from its practice number. */
export const defaultServiceAddress = (practiceNumber: string) =>
  `${
    practiceNumber
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'branch'
  }@dsa.lexserve.co.za`;
