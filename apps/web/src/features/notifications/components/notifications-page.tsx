import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast-provider';
import { useNotificationStats } from '../api/get-notification-stats';
import { useNotifications } from '../api/get-notifications';
import { useNotificationActions } from '../hooks/use-notification-actions';
import { useNotificationSelection } from '../hooks/use-notification-selection';
import { useNotificationsRefresh } from '../hooks/use-notifications-refresh';
import { useNow } from '../hooks/use-now';
import { useRealtimeState } from '../hooks/use-realtime-notifications';
import {
  EMPTY_FILTERS,
  filterNotifications,
  hasActiveFilters,
  type NotificationFilters,
} from '../utils/filter-notifications';
import { NOTIFICATION_TOASTS } from '../utils/notification-toasts';
import { NotificationFiltersBar } from './notification-filters';
import { NotificationList } from './notification-list';
import { NotificationsHeader } from './notifications-header';

/** The Notifications centre of spec 1, 2.11. */
export function NotificationsPage() {
  const list = useNotifications();
  const stats = useNotificationStats();
  const showToast = useToast();
  const realtime = useRealtimeState();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const now = useNow();
  const [filters, setFilters] = useState<NotificationFilters>(EMPTY_FILTERS);

  const items = useMemo(() => list.data?.notifications ?? [], [list.data]);
  const visible = useMemo(() => filterNotifications(items, filters), [items, filters]);
  const selection = useNotificationSelection(items, visible);
  const actions = useNotificationActions(selection);
  const { refreshing, refresh } = useNotificationsRefresh(list, stats);

  const total = stats.data?.total_notifications ?? list.data?.total ?? items.length;
  const unread = stats.data?.unread_count ?? items.filter((n) => !n.is_read).length;
  const read = stats.data?.read_count ?? Math.max(0, total - unread);

  const clearFilters = useCallback(() => {
    setFilters(EMPTY_FILTERS);
    showToast(NOTIFICATION_TOASTS.filtersCleared, 'info');
  }, [showToast]);

  return (
    <Box sx={{ pb: isPhone ? 10 : 0 }}>
      <NotificationsHeader
        counts={{ total, unread, read }}
        live={realtime === 'authenticated'}
        refreshing={refreshing}
        status={filters.status}
        markingAll={actions.markingAll}
        onRefresh={() => void refresh()}
        onStatus={(status) => setFilters((f) => ({ ...f, status }))}
        onClearFilters={clearFilters}
        onMarkSelectedRead={actions.markSelectedRead}
        onMarkAllRead={actions.markAllRead}
      />

      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Chip label={`Total: ${total}`} />
        <Chip label={`Unread: ${unread}`} color={unread > 0 ? 'primary' : 'default'} />
        <Chip label={`Read: ${read}`} variant="outlined" />
      </Stack>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <NotificationFiltersBar filters={filters} onChange={setFilters} onClear={clearFilters} />
      </Paper>

      {(list.isFetching && !list.isPending) || refreshing ? (
        <Alert severity="info" icon={<CircularProgress size={18} />} sx={{ mb: 2 }} role="status">
          Refreshing notifications...
        </Alert>
      ) : null}

      <QueryState
        query={list}
        loadingLabel="Loading notifications..."
        errorMessage="Failed to load notifications. Please try again."
        keepDataOnError
        isEmpty={() => items.length === 0}
        empty={
          <EmptyState
            icon={<NotificationsNoneOutlinedIcon />}
            title="No notifications yet"
            description="You'll see notifications here when you receive them"
          />
        }
      >
        {(data) => (
          <NotificationList
            visible={visible}
            loaded={items.length}
            total={data.total}
            now={now}
            selection={selection}
            busy={actions.busy}
            filtersActive={hasActiveFilters(filters)}
            markingSelected={actions.markingSelected}
            onSetRead={actions.setReadState}
            onMarkSelectedRead={actions.markSelectedRead}
            onClearFilters={clearFilters}
          />
        )}
      </QueryState>

      {unread > 0 && isPhone ? (
        <Fab
          color="primary"
          variant="extended"
          onClick={actions.markAllRead}
          disabled={actions.markingAll}
          sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (t) => t.zIndex.speedDial }}
        >
          <DoneAllIcon sx={{ mr: 1 }} />
          Mark All Read
        </Fab>
      ) : null}
    </Box>
  );
}
