import type { Notification } from '@lexserve/contracts/notifications';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state';
import type { NotificationSelection } from '../hooks/use-notification-selection';
import { NotificationCard } from './notification-card';

type Props = {
  /** The notifications left after the filters. */
  visible: Notification[];
  /** How many are loaded, and how many the server holds. */
  loaded: number;
  total: number;
  now: number;
  selection: NotificationSelection;
  busy: ReadonlySet<string>;
  filtersActive: boolean;
  markingSelected: boolean;
  onSetRead: (notification: Notification, read: boolean) => void;
  onMarkSelectedRead: () => void;
  onClearFilters: () => void;
};

/** The loaded notifications: 'Select All', the cards that pass the filters, and how many of the total are shown. */
export function NotificationList({
  visible,
  loaded,
  total,
  now,
  selection,
  busy,
  filtersActive,
  markingSelected,
  onSetRead,
  onMarkSelectedRead,
  onClearFilters,
}: Props) {
  const { selected, selectedIds, allVisibleSelected, someVisibleSelected } = selection;
  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', minHeight: 40 }}
      >
        <FormControlLabel
          control={
            <Checkbox
              checked={allVisibleSelected}
              indeterminate={!allVisibleSelected && someVisibleSelected}
              onChange={selection.toggleAll}
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
            <Button
              size="small"
              variant="outlined"
              startIcon={<DoneAllIcon />}
              onClick={onMarkSelectedRead}
              disabled={markingSelected}
            >
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
          action={filtersActive ? <Button onClick={onClearFilters}>Clear Filters</Button> : undefined}
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
              onToggleSelected={selection.toggle}
              onSetRead={onSetRead}
            />
          ))}
        </Stack>
      )}
      {total > loaded ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
          Showing the newest {loaded} of {total} notifications.
        </Typography>
      ) : null}
    </>
  );
}
