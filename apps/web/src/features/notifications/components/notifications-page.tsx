import type { Notification } from '@lexserve/contracts/notifications';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import FilterListIcon from '@mui/icons-material/FilterList';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { useToast } from '../../../components/toast-provider';
import { BADGE_MAX } from '../../../config/constants';
import { useCurrentUser } from '../../../lib/auth';
import { useBulkMarkRead } from '../api/bulk-mark-read';
import { useNotificationStats } from '../api/get-notification-stats';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useSetNotificationRead } from '../api/mark-notification-read';
import { useRealtimeState } from '../hooks/use-realtime-notifications';
import { EMPTY_FILTERS, filterNotifications, hasActiveFilters, type NotificationFilters } from '../utils/filter-notifications';
import { NotificationCard } from './notification-card';
import { NotificationFiltersBar } from './notification-filters';

/** The toasts of spec 1, section 8 ("Notifications"). */
export const NOTIFICATION_TOASTS = {
  allRead: 'All notifications marked as read',
  allReadFailed: 'Failed to mark all notifications as read',
  bulkRead: (n: number) => `${n} notifications marked as read`,
  bulkPartial: 'Some notifications failed to be marked as read',
  bulkFailed: 'Failed to mark selected notifications as read',
  noneSelected: 'No notifications selected',
  read: 'Notification marked as read',
  readFailed: 'Failed to mark notification as read',
  unread: 'Notification marked as unread',
  unreadFailed: 'Failed to mark notification as unread',
  refreshed: 'Notifications refreshed',
  refreshFailed: 'Failed to refresh notifications',
  filtersCleared: 'Filters cleared',
} as const;

/** Re-renders every minute so that '5 minutes ago' stays true. */
const useNow = (intervalMs = 60_000): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
};

/** The Notifications centre of spec 1, 2.11. */
export function NotificationsPage() {
  const list = useNotifications();
  const stats = useNotificationStats();
  const me = useCurrentUser();
  const setRead = useSetNotificationRead();
  const markAll = useMarkAllRead();
  const bulk = useBulkMarkRead();
  const showToast = useToast();
  const realtime = useRealtimeState();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const now = useNow();

  const [filters, setFilters] = useState<NotificationFilters>(EMPTY_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [filterMenu, setFilterMenu] = useState<HTMLElement | null>(null);
  const [bulkMenu, setBulkMenu] = useState<HTMLElement | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const items = useMemo(() => list.data?.notifications ?? [], [list.data]);
  const visible = useMemo(() => filterNotifications(items, filters), [items, filters]);
  const loadedIds = useMemo(() => new Set(items.map((n) => n.notification_id)), [items]);
  // Only ids still in the loaded list count as selected (an item may leave the list).
  const selectedIds = useMemo(() => [...selected].filter((id) => loadedIds.has(id)), [selected, loadedIds]);
  const allVisibleSelected = visible.length > 0 && visible.every((n) => selected.has(n.notification_id));

  const unreadInList = items.filter((n) => !n.is_read).length;
  const total = stats.data?.total_notifications ?? list.data?.total ?? items.length;
  const unread = stats.data?.unread_count ?? unreadInList;
  const read = stats.data?.read_count ?? Math.max(0, total - unread);

  const clearFilters = useCallback(() => {
    setFilters(EMPTY_FILTERS);
    showToast(NOTIFICATION_TOASTS.filtersCleared, 'info');
  }, [showToast]);

  const toggleSelected = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const toggleSelectAll = () =>
    setSelected(allVisibleSelected ? new Set() : new Set(visible.map((n) => n.notification_id)));

  const onSetRead = useCallback(
    (n: Notification, toRead: boolean) => {
      setBusy((current) => new Set(current).add(n.notification_id));
      setRead.mutate(
        { notificationId: n.notification_id, read: toRead },
        {
          onSuccess: () => showToast(toRead ? NOTIFICATION_TOASTS.read : NOTIFICATION_TOASTS.unread, 'success'),
          onError: () => showToast(toRead ? NOTIFICATION_TOASTS.readFailed : NOTIFICATION_TOASTS.unreadFailed, 'error'),
          onSettled: () =>
            setBusy((current) => {
              const next = new Set(current);
              next.delete(n.notification_id);
              return next;
            }),
        },
      );
    },
    [setRead, showToast],
  );

  const markSelectedRead = () => {
    setBulkMenu(null);
    if (selectedIds.length === 0) {
      showToast(NOTIFICATION_TOASTS.noneSelected, 'warning');
      return;
    }
    bulk.mutate(
      { user_id: me.data?.id, notification_ids: selectedIds },
      {
        onSuccess: (result) => {
          if (result.success) showToast(NOTIFICATION_TOASTS.bulkRead(result.updated_count), 'success');
          else if (result.updated_count > 0) showToast(NOTIFICATION_TOASTS.bulkPartial, 'warning');
          else showToast(NOTIFICATION_TOASTS.bulkFailed, 'error');
          setSelected(new Set());
        },
        onError: () => showToast(NOTIFICATION_TOASTS.bulkFailed, 'error'),
      },
    );
  };

  const markAllRead = () => {
    setBulkMenu(null);
    markAll.mutate(undefined, {
      onSuccess: () => showToast(NOTIFICATION_TOASTS.allRead, 'success'),
      onError: () => showToast(NOTIFICATION_TOASTS.allReadFailed, 'error'),
    });
  };

  const refresh = async () => {
    setRefreshing(true);
    const [l, s] = await Promise.all([list.refetch(), stats.refetch()]);
    setRefreshing(false);
    showToast(l.isError || s.isError ? NOTIFICATION_TOASTS.refreshFailed : NOTIFICATION_TOASTS.refreshed, l.isError || s.isError ? 'error' : 'success');
  };

  const applyStatus = (status: NotificationFilters['status']) => {
    setFilterMenu(null);
    setFilters((f) => ({ ...f, status }));
  };

  const backgroundRefresh = list.isFetching && !list.isPending;

  return (
    <Box sx={{ pb: isPhone ? 10 : 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Badge badgeContent={unread} max={BADGE_MAX} color="error" aria-hidden>
            <NotificationsOutlinedIcon sx={{ fontSize: 36, color: 'primary.main' }} />
          </Badge>
          <Box>
            <Typography variant="h4" component="h1">
              Notifications
            </Typography>
            <Typography color="text.secondary" data-testid="notification-counts">
              {`${total} total, ${unread} unread`}
            </Typography>
          </Box>
          {realtime === 'authenticated' ? (
            <Tooltip title="New notifications appear here as they arrive">
              <Chip size="small" color="success" variant="outlined" label="Live" />
            </Tooltip>
          ) : null}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Tooltip title="Refresh">
            <span>
              <IconButton aria-label="Refresh notifications" onClick={() => void refresh()} disabled={refreshing}>
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
          {unread > 0 ? (
            <Button variant="contained" startIcon={<DoneAllIcon />} onClick={markAllRead} disabled={markAll.isPending}>
              Mark All Read
            </Button>
          ) : null}
        </Stack>
      </Stack>

      <Menu id="notification-filter-menu" anchorEl={filterMenu} open={Boolean(filterMenu)} onClose={() => setFilterMenu(null)}>
        <MenuItem selected={filters.status === 'unread'} onClick={() => applyStatus('unread')}>
          Show Unread Only
        </MenuItem>
        <MenuItem selected={filters.status === 'read'} onClick={() => applyStatus('read')}>
          Show Read Only
        </MenuItem>
        <MenuItem selected={filters.status === 'all'} onClick={() => applyStatus('all')}>
          Show All
        </MenuItem>
        <MenuItem
          onClick={() => {
            setFilterMenu(null);
            clearFilters();
          }}
        >
          Clear All Filters
        </MenuItem>
      </Menu>
      <Menu id="notification-bulk-menu" anchorEl={bulkMenu} open={Boolean(bulkMenu)} onClose={() => setBulkMenu(null)}>
        <MenuItem onClick={markSelectedRead}>
          <ListItemIcon>
            <DoneAllIcon fontSize="small" />
          </ListItemIcon>
          Mark Selected as Read
        </MenuItem>
      </Menu>

      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Chip label={`Total: ${total}`} />
        <Chip label={`Unread: ${unread}`} color={unread > 0 ? 'primary' : 'default'} />
        <Chip label={`Read: ${read}`} variant="outlined" />
      </Stack>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <NotificationFiltersBar filters={filters} onChange={setFilters} onClear={clearFilters} />
      </Paper>

      {backgroundRefresh || refreshing ? (
        <Alert severity="info" icon={<CircularProgress size={18} />} sx={{ mb: 2 }} role="status">
          Refreshing notifications...
        </Alert>
      ) : null}

      {list.isPending ? (
        <PageLoader label="Loading notifications..." />
      ) : list.isError && !list.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          Failed to load notifications. Please try again.
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<NotificationsNoneOutlinedIcon />}
          title="No notifications yet"
          description="You'll see notifications here when you receive them"
        />
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', minHeight: 40 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={allVisibleSelected}
                  indeterminate={!allVisibleSelected && visible.some((n) => selected.has(n.notification_id))}
                  onChange={toggleSelectAll}
                  disabled={visible.length === 0}
                />
              }
              label={allVisibleSelected ? 'Deselect All' : 'Select All'}
            />
            {selectedIds.length > 0 ? (
              <>
                <Typography variant="body2" color="text.secondary">
                  {selectedIds.length} selected
                </Typography>
                <Button size="small" variant="outlined" startIcon={<DoneAllIcon />} onClick={markSelectedRead} disabled={bulk.isPending}>
                  Mark Read
                </Button>
              </>
            ) : null}
          </Stack>
          {visible.length === 0 ? (
            <EmptyState
              icon={<SearchOffIcon />}
              title="No notifications match your filters"
              description="Try adjusting your search or filter criteria"
              action={hasActiveFilters(filters) ? <Button onClick={clearFilters}>Clear Filters</Button> : undefined}
            />
          ) : (
            <Stack component="section" aria-label="Notifications" spacing={1.25}>
              {visible.map((n) => (
                <NotificationCard
                  key={n.notification_id}
                  notification={n}
                  now={now}
                  selected={selected.has(n.notification_id)}
                  busy={busy.has(n.notification_id)}
                  onToggleSelected={toggleSelected}
                  onSetRead={onSetRead}
                />
              ))}
            </Stack>
          )}
          {list.data && list.data.total > items.length ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
              Showing the newest {items.length} of {list.data.total} notifications.
            </Typography>
          ) : null}
        </>
      )}

      {unread > 0 && isPhone ? (
        <Fab
          color="primary"
          variant="extended"
          onClick={markAllRead}
          disabled={markAll.isPending}
          sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (t) => t.zIndex.speedDial }}
        >
          <DoneAllIcon sx={{ mr: 1 }} />
          Mark All Read
        </Fab>
      ) : null}
    </Box>
  );
}
