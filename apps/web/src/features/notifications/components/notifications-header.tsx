import DoneAllIcon from '@mui/icons-material/DoneAll';
import FilterListIcon from '@mui/icons-material/FilterList';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BADGE_MAX } from '../../../config/constants';
import type { StatusFilter } from '../utils/filter-notifications';
import { BulkMenu, FilterMenu } from './notifications-menus';

type NotificationCounts = { total: number; unread: number; read: number };

type Props = {
  counts: NotificationCounts;
  live: boolean;
  refreshing: boolean;
  status: StatusFilter;
  markingAll: boolean;
  onRefresh: () => void;
  onStatus: (status: StatusFilter) => void;
  onClearFilters: () => void;
  onMarkSelectedRead: () => void;
  onMarkAllRead: () => void;
};

/** The centre's heading with its counts and Live mark, and Refresh, the filter and bulk menus, and Mark All Read. */
export function NotificationsHeader({
  counts,
  live,
  refreshing,
  status,
  markingAll,
  onRefresh,
  onStatus,
  onClearFilters,
  onMarkSelectedRead,
  onMarkAllRead,
}: Props) {
  const [filterMenu, setFilterMenu] = useState<HTMLElement | null>(null);
  const [bulkMenu, setBulkMenu] = useState<HTMLElement | null>(null);
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Badge badgeContent={counts.unread} max={BADGE_MAX} color="error" aria-hidden>
            <NotificationsOutlinedIcon sx={{ fontSize: 36, color: 'primary.main' }} />
          </Badge>
          <Box>
            <Typography variant="h4" component="h1">
              Notifications
            </Typography>
            <Typography color="text.secondary" data-testid="notification-counts">
              {`${counts.total} total, ${counts.unread} unread`}
            </Typography>
          </Box>
          {live ? (
            <Tooltip title="New notifications appear here as they arrive">
              <Chip size="small" color="success" variant="outlined" label="Live" />
            </Tooltip>
          ) : null}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Tooltip title="Refresh">
            <span>
              <IconButton aria-label="Refresh notifications" onClick={onRefresh} disabled={refreshing}>
                <RefreshIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Filters">
            <IconButton
              aria-label="Filter options"
              aria-haspopup="menu"
              aria-controls={filterMenu ? 'notification-filter-menu' : undefined}
              onClick={(event) => setFilterMenu(event.currentTarget)}
            >
              <FilterListIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Bulk actions">
            <IconButton
              aria-label="Bulk actions"
              aria-haspopup="menu"
              aria-controls={bulkMenu ? 'notification-bulk-menu' : undefined}
              onClick={(event) => setBulkMenu(event.currentTarget)}
            >
              <MoreVertIcon />
            </IconButton>
          </Tooltip>
          {counts.unread > 0 ? (
            <Button
              variant="contained"
              startIcon={<DoneAllIcon />}
              onClick={onMarkAllRead}
              disabled={markingAll}
            >
              Mark All Read
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <FilterMenu
        anchor={filterMenu}
        status={status}
        onClose={() => setFilterMenu(null)}
        onStatus={onStatus}
        onClearFilters={onClearFilters}
      />
      <BulkMenu anchor={bulkMenu} onClose={() => setBulkMenu(null)} onMarkSelectedRead={onMarkSelectedRead} />
    </>
  );
}
