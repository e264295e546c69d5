import type { User } from '@lexserve/contracts/users';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BrandLogo } from '../../components/brand-logo';
import { paths } from '../../config/paths';
import { PendingClosuresIndicator } from '../../features/closures/components/pending-closures-indicator';
import { NotificationsNavButton } from '../../features/notifications/components/notifications-nav-button';
import { navItemsFor } from './nav-items';
import { DrawerLink, DrawerLogout } from './drawer-link';
import { BarLink } from './nav-parts';

/** System administrator's bar (spec 2.6): ADMIN chip, name, links, badge, pending indicator, drawer on phones. */
export function AdminNavBar({ user, onLogout }: { user: User; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const { primary, account } = navItemsFor('system_admin', true);
  const profile = account.filter((item) => item.key !== 'notifications');
  const close = () => setOpen(false);
  return (
    <AppBar position="sticky" component="header">
      <Toolbar sx={{ gap: 1.5 }}>
        <BrandLogo to={paths.app.admin} inverse />
        <Chip label="ADMIN" size="small" color="secondary" sx={{ fontWeight: 800, letterSpacing: 1 }} />
        <Box
          component="nav"
          aria-label="Administration"
          sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 2 }}
        >
          {primary.map((item) => (
            <BarLink key={item.key} item={item} />
          ))}
          {profile.map((item) => (
            <BarLink key={item.key} item={item} />
          ))}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: { xs: 'none', lg: 'block' } }}>
          <PendingClosuresIndicator role="system_admin" variant="text" />
        </Box>
        <Box sx={{ display: { xs: 'block', lg: 'none' } }}>
          <PendingClosuresIndicator role="system_admin" />
        </Box>
        <NotificationsNavButton />
        <Typography
          sx={{ display: { xs: 'none', md: 'block' }, fontWeight: 600 }}
          aria-label={`Signed in as ${user.display_name}`}
        >
          {user.display_name}
        </Typography>
        <Button
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={onLogout}
          sx={{ display: { xs: 'none', md: 'inline-flex' } }}
        >
          Logout
        </Button>
        <IconButton
          color="inherit"
          aria-label="Open admin menu"
          aria-controls="admin-menu"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <Drawer anchor="right" open={open} onClose={close}>
        <Box id="admin-menu" sx={{ width: 290 }} role="navigation" aria-labelledby="admin-menu-title">
          <Box sx={{ p: 2, bgcolor: 'primary.main', color: '#fff' }}>
            <Typography id="admin-menu-title" variant="h6" component="h2">
              Admin Menu
            </Typography>
            {/* The role line, unless the person's name already says it (the built-in admin is "System Administrator"). */}
            {user.display_name.trim().toLowerCase() !== 'system administrator' && (
              <Typography variant="body2" sx={{ opacity: 0.85 }}>
                System Administrator
              </Typography>
            )}
            <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
              {user.display_name}
            </Typography>
          </Box>
          <List>
            {[...primary, ...account].map((item) => (
              <DrawerLink key={item.key} item={item} onClick={close} />
            ))}
            <PendingClosuresIndicator role="system_admin" variant="list" onNavigate={close} />
          </List>
          <Divider sx={{ my: 1 }} />
          <List>
            <DrawerLogout onClose={close} onLogout={onLogout} />
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
