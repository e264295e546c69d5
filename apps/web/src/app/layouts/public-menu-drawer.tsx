import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';
import { MuiTheme } from '../../components/mui-theme';
import { paths } from '../../config/paths';

type Props = {
  links: readonly { label: string; to: string }[];
  open: boolean;
  signedIn: boolean;
  onClose: () => void;
};

/** The public top bar's menu on phones (spec 2.1); a chunk of its own, loaded when the menu is first opened. */
export function PublicMenuDrawer({ links, open, signedIn, onClose }: Props) {
  return (
    <MuiTheme>
      <Drawer anchor="right" open={open} onClose={onClose}>
        <Box id="public-menu" sx={{ width: 280 }} role="navigation" aria-label="Main">
          <Box sx={{ p: 2 }}>
            <BrandLogo />
          </Box>
          <Divider />
          <List>
            {links.map((link) => (
              <ListItemButton key={link.to} component={NavLink} to={link.to} end onClick={onClose}>
                <ListItemText primary={link.label} />
              </ListItemButton>
            ))}
          </List>
          <Divider />
          <Stack spacing={1} sx={{ p: 2 }}>
            {signedIn ? (
              <Button component={RouterLink} to={paths.app.root} variant="contained" onClick={onClose}>
                Go to Dashboard
              </Button>
            ) : (
              <>
                <Button component={RouterLink} to={paths.login} variant="outlined" onClick={onClose}>
                  Log in
                </Button>
                <Button
                  component={RouterLink}
                  to={paths.signup}
                  variant="contained"
                  color="secondary"
                  onClick={onClose}
                >
                  Sign up
                </Button>
              </>
            )}
          </Stack>
        </Box>
      </Drawer>
    </MuiTheme>
  );
}
