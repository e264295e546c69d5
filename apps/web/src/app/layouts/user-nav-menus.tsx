import type { User } from '@lexserve/contracts/users';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { AppIcon } from '../../components/plain/app-icon';
import { DrawerLink, DrawerLogout } from './drawer-link';
import type { NavItem } from './nav-items';
import { SubscriptionRequiredChip } from './subscription-required-chip';

type Props = {
  user: User;
  primary: NavItem[];
  account: NavItem[];
  /** The firm has no active subscription (the chip in the drawer). */
  unsubscribed: boolean;
  menuAnchor: HTMLElement | null;
  onCloseMenu: () => void;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
  onLogout: () => void;
};

/**
 * The user bar's account menu and its phone drawer (spec 2.6): a chunk of its own, loaded when either is first opened
 * (the bar itself is plain HTML, docs/performance.md section 5), and kept mounted after so both close as before.
 */
export function UserNavMenus({
  user,
  primary,
  account,
  unsubscribed,
  menuAnchor,
  onCloseMenu,
  drawerOpen,
  onCloseDrawer,
  onLogout,
}: Props) {
  return (
    <>
      <Menu id="user-menu" anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={onCloseMenu}>
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{user.full_name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.role_display_name}
          </Typography>
        </Box>
        <Divider />
        {account.map((item) => (
          <MenuItem key={item.key} component={RouterLink} to={item.to} onClick={onCloseMenu}>
            <ListItemIcon>
              <AppIcon name={item.icon} size={20} />
            </ListItemIcon>
            {item.label}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            onCloseMenu();
            onLogout();
          }}
        >
          <ListItemIcon>
            <AppIcon name="logout" size={20} />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>

      <Drawer anchor="right" open={drawerOpen} onClose={onCloseDrawer}>
        <Box id="user-drawer" sx={{ width: 290 }} role="navigation" aria-label="Main">
          <Box sx={{ p: 2, bgcolor: 'primary.main', color: '#fff' }}>
            <Typography variant="h6" component="h2">
              {user.display_name || user.full_name}
            </Typography>
            <Typography variant="body2" sx={{ opacity: 0.85 }}>
              {user.role_display_name}
            </Typography>
            {unsubscribed ? (
              <Box sx={{ mt: 1 }}>
                <SubscriptionRequiredChip />
              </Box>
            ) : null}
          </Box>
          <List>
            {[...primary, ...account].map((item) => (
              <DrawerLink key={item.key} item={item} onClick={onCloseDrawer} />
            ))}
          </List>
          <Divider />
          <List>
            <DrawerLogout onClose={onCloseDrawer} onLogout={onLogout} />
          </List>
        </Box>
      </Drawer>
    </>
  );
}
