import type { User } from '@lexserve/contracts/users';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';
import { paths } from '../../config/paths';
import { PendingClosuresIndicator } from '../../features/closures/components/pending-closures-indicator';
import { NotificationsNavButton } from '../../features/notifications/components/notifications-nav-button';
import { isGatedRole } from '../../lib/authorization';
import { navItemsFor } from './nav-items';
import { BarLink, DrawerLink } from './nav-parts';

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

function SubscriptionRequiredChip() {
  return (
    <Chip
      icon={<WarningAmberIcon />}
      label="Subscription Required"
      color="warning"
      size="small"
      sx={{ fontWeight: 700, '& .MuiChip-icon': { color: 'inherit' } }}
    />
  );
}

type Props = { user: User; subscriptionActive: boolean; onLogout: () => void };

/** Bar for firm roles and sheriffs (spec 2.6). */
export function UserNavBar({ user, subscriptionActive, onLogout }: Props) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { primary, account } = navItemsFor(user.role, subscriptionActive);
  const gated = isGatedRole(user.role);
  const linksVisible = !gated || subscriptionActive;
  const closeDrawer = () => setDrawerOpen(false);
  const home = linksVisible ? paths.app.dashboard : paths.app.plans;

  return (
    <AppBar position="sticky" component="header">
      <Toolbar sx={{ gap: 1.5 }}>
        <BrandLogo to={home} inverse />
        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 2 }}>
          {primary.map((item) => (
            <BarLink key={item.key} item={item} />
          ))}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {gated && !subscriptionActive ? (
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <SubscriptionRequiredChip />
          </Box>
        ) : null}
        {linksVisible ? <PendingClosuresIndicator role={user.role} /> : null}
        {linksVisible ? <NotificationsNavButton /> : null}
        <Button
          color="inherit"
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          aria-haspopup="menu"
          aria-expanded={Boolean(menuAnchor)}
          aria-controls="user-menu"
          endIcon={<KeyboardArrowDownIcon />}
          sx={{ display: { xs: 'none', md: 'inline-flex' }, textTransform: 'none' }}
        >
          <Avatar sx={{ width: 30, height: 30, mr: 1, bgcolor: 'secondary.main', fontSize: 14 }} aria-hidden>
            {initials(user.display_name || user.full_name)}
          </Avatar>
          {user.display_name || user.full_name}
        </Button>
        <IconButton
          color="inherit"
          aria-label="Open menu"
          aria-controls="user-drawer"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>

      <Menu id="user-menu" anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{user.full_name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.role_display_name}
          </Typography>
        </Box>
        <Divider />
        {account.map((item) => {
          const Icon = item.icon;
          return (
            <MenuItem key={item.key} component={RouterLink} to={item.to} onClick={() => setMenuAnchor(null)}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              {item.label}
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>

      <Drawer anchor="right" open={drawerOpen} onClose={closeDrawer}>
        <Box id="user-drawer" sx={{ width: 290 }} role="navigation" aria-label="Main">
          <Box sx={{ p: 2, bgcolor: 'primary.main', color: '#fff' }}>
            <Typography variant="h6" component="h2">
              {user.display_name || user.full_name}
            </Typography>
            <Typography variant="body2" sx={{ opacity: 0.85 }}>
              {user.role_display_name}
            </Typography>
            {gated && !subscriptionActive ? (
              <Box sx={{ mt: 1 }}>
                <SubscriptionRequiredChip />
              </Box>
            ) : null}
          </Box>
          <List>
            {[...primary, ...account].map((item) => (
              <DrawerLink key={item.key} item={item} onClick={closeDrawer} />
            ))}
          </List>
          <Divider />
          <List>
            <ListItemButton
              onClick={() => {
                closeDrawer();
                onLogout();
              }}
            >
              <ListItemIcon>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary="Logout" />
            </ListItemButton>
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
