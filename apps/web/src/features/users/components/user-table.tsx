import type { User } from '@lexserve/contracts/users';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { CREATABLE_FIRM_ROLES, type Role } from '../../../config/constants';
import { USER_MESSAGES } from '../api/firm-users';
import { RoleChip, StatusChip } from './role-chip';

export type UserAction = 'change-role' | 'toggle-active';

type UserTableProps = {
  users: User[];
  currentUserId: number | undefined;
  caption: string;
  onAction: (action: UserAction, user: User) => void;
};

function ActionsCell({
  user,
  own,
  onAction,
}: {
  user: User;
  own: boolean;
  onAction: UserTableProps['onAction'];
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = `Actions for ${user.full_name}`;
  if (own) {
    // Own-account protection (spec 2.8): the actions exist but are disabled, with the reason.
    return (
      <Tooltip title={USER_MESSAGES.ownAccountTooltip}>
        <span>
          <IconButton aria-label={`${label} (${USER_MESSAGES.ownAccountTooltip})`} disabled size="small">
            <MoreVertIcon />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  const canChangeRole = (CREATABLE_FIRM_ROLES as readonly Role[]).includes(user.role);
  const choose = (action: UserAction) => {
    setAnchor(null);
    onAction(action, user);
  };
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        size="small"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('change-role')} disabled={!canChangeRole}>
          Change Role
        </MenuItem>
        <MenuItem onClick={() => choose('toggle-active')}>
          {user.is_active ? 'Deactivate User' : 'Activate User'}
        </MenuItem>
      </Menu>
    </>
  );
}

/** On phones each user is a small card instead of a row of a wide table. */
function UserCards({ users, currentUserId, caption, onAction }: UserTableProps) {
  return (
    <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {users.map((user) => {
        const own = user.id === currentUserId;
        return (
          <Box
            component="li"
            key={user.id}
            sx={{
              py: 1.5,
              borderTop: '1px solid',
              borderColor: 'divider',
              display: 'flex',
              gap: 1,
              alignItems: 'flex-start',
            }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {user.full_name}
                {own ? (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    (you)
                  </Typography>
                ) : null}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Phone: {user.phone_number || '-'}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
                <RoleChip role={user.role} label={user.role_display_name} />
                <StatusChip active={user.is_active} />
              </Box>
            </Box>
            <ActionsCell user={user} own={own} onAction={onAction} />
          </Box>
        );
      })}
    </Box>
  );
}

/** Users of a branch (or the unassigned ones): Name, Email, Role, Status, Phone, Actions. */
export function UserTable(props: UserTableProps) {
  const { users, currentUserId, caption, onAction } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (users.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        No users in this branch yet.
      </Typography>
    );
  }
  if (phone) return <UserCards {...props} />;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Phone</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => {
            const own = user.id === currentUserId;
            return (
              <TableRow key={user.id} hover>
                <TableCell sx={{ fontWeight: 600 }}>
                  {user.full_name}
                  {own ? (
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      (you)
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
                <TableCell>
                  <RoleChip role={user.role} label={user.role_display_name} />
                </TableCell>
                <TableCell>
                  <StatusChip active={user.is_active} />
                </TableCell>
                <TableCell>{user.phone_number || '-'}</TableCell>
                <TableCell align="right">
                  <ActionsCell user={user} own={own} onAction={onAction} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
