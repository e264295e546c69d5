import { ROLE_LABELS } from '@lexserve/contracts/common';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { AdminUser } from '../api/directory';
import { DetailsList } from './details-list';
import { activeChip } from './list-filters';
import { StatusChip } from './status-chip';

/** One user's details (User Management's 'View'). */
export function UserDetailsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={user !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{user?.full_name}</DialogTitle>
      <DialogContent dividers>
        {user ? (
          <DetailsList
            rows={[
              ['Email', user.email],
              ['Role', user.role_display_name || ROLE_LABELS[user.role]],
              ['Firm', user.firm_name ?? '-'],
              ['Phone', user.phone_number ?? '-'],
              ['Address', user.address ?? '-'],
              ['Status', <StatusChip key="s" {...activeChip(user.is_active)} />],
              ['Joined', formatDate(user.created_at)],
              ['Last login', formatDateTime(user.last_login, 'Never')],
            ]}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
