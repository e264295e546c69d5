import Chip from '@mui/material/Chip';
import { ROLE_LABELS, type Role } from '../../../config/constants';

const COLOURS: Partial<Record<Role, 'primary' | 'secondary' | 'success' | 'default'>> = {
  firm_admin: 'primary',
  branch_admin: 'secondary',
  legal_practitioner: 'success',
};

/** Role chip colours of spec 2.8: firm_admin primary, branch_admin secondary, legal_practitioner success. */
export function RoleChip({ role, label }: { role: Role; label?: string }) {
  return <Chip size="small" color={COLOURS[role] ?? 'default'} label={label || ROLE_LABELS[role] || role} />;
}

export function StatusChip({ active }: { active: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={active ? 'success' : 'default'}
      label={active ? 'Active' : 'Inactive'}
    />
  );
}
