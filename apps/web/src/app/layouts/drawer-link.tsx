import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router-dom';
import { AppIcon } from '../../components/plain/app-icon';
import type { NavItem } from './nav-items';

/** A link of the phone drawer (MUI's list), the current page shaded. */
export function DrawerLink({ item, onClick }: { item: NavItem; onClick: () => void }) {
  return (
    <ListItemButton
      component={NavLink}
      to={item.to}
      onClick={onClick}
      sx={{ '&[aria-current="page"]': { bgcolor: 'action.selected' } }}
    >
      <ListItemIcon>
        <AppIcon name={item.icon} />
      </ListItemIcon>
      <ListItemText primary={item.label} />
    </ListItemButton>
  );
}

/** The phone drawer's last item, "Logout": closes the drawer, then logs out. */
export function DrawerLogout({ onClose, onLogout }: { onClose: () => void; onLogout: () => void }) {
  return (
    <ListItemButton
      onClick={() => {
        onClose();
        onLogout();
      }}
    >
      <ListItemIcon>
        <AppIcon name="logout" />
      </ListItemIcon>
      <ListItemText primary="Logout" />
    </ListItemButton>
  );
}
