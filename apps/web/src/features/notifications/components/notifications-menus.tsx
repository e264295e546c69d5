import DoneAllIcon from '@mui/icons-material/DoneAll';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { StatusFilter } from '../utils/filter-notifications';

type FilterMenuProps = {
  anchor: HTMLElement | null;
  status: StatusFilter;
  onClose: () => void;
  onStatus: (status: StatusFilter) => void;
  onClearFilters: () => void;
};

/** 'Filter options': unread only, read only, all, or clear every filter; each choice closes the menu. */
export function FilterMenu({ anchor, status, onClose, onStatus, onClearFilters }: FilterMenuProps) {
  const choose = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Menu id="notification-filter-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem selected={status === 'unread'} onClick={choose(() => onStatus('unread'))}>
        Show Unread Only
      </MenuItem>
      <MenuItem selected={status === 'read'} onClick={choose(() => onStatus('read'))}>
        Show Read Only
      </MenuItem>
      <MenuItem selected={status === 'all'} onClick={choose(() => onStatus('all'))}>
        Show All
      </MenuItem>
      <MenuItem onClick={choose(onClearFilters)}>Clear All Filters</MenuItem>
    </Menu>
  );
}

/** 'Bulk actions': mark the selected notifications read. */
export function BulkMenu({
  anchor,
  onClose,
  onMarkSelectedRead,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  onMarkSelectedRead: () => void;
}) {
  return (
    <Menu id="notification-bulk-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem
        onClick={() => {
          onClose();
          onMarkSelectedRead();
        }}
      >
        <ListItemIcon>
          <DoneAllIcon fontSize="small" />
        </ListItemIcon>
        Mark Selected as Read
      </MenuItem>
    </Menu>
  );
}
