import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import { NavLink, Outlet, Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';
import { DemoInstallationNote } from '../../components/demo-notice';
import { PageLoader } from '../../components/page-loader';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { paths } from '../../config/paths';
import { useHasSession } from '../../lib/auth';
import { brandColors } from '../../theme';

const PublicMenuDrawer = lazy(async () => ({ default: (await import('./public-menu-drawer')).PublicMenuDrawer }));

const LINKS = [
  { label: 'Home', to: paths.home },
  { label: 'About', to: paths.about },
  { label: 'Plans', to: paths.plans },
  { label: 'Verify Document', to: paths.verify },
];

const navLinkSx = {
  color: 'rgba(255,255,255,0.85)',
  px: 1.5,
  borderRadius: 1,
  '&[aria-current="page"]': { color: '#fff', boxShadow: `inset 0 -3px 0 ${brandColors.goldLight}` },
  '&:hover': { color: '#fff', bgcolor: 'rgba(255,255,255,0.08)' },
};

/** The public top bar (spec 2.1): marketing links, and login / sign-up or a way into the app. */
function PublicTopBar() {
  const signedIn = useHasSession();
  const [open, setOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  return (
    <AppBar position="sticky" color="primary" component="header">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2 }}>
          <BrandLogo inverse />
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 3, flexGrow: 1 }}>
            {LINKS.map((link) => (
              <Button key={link.to} component={NavLink} to={link.to} end sx={navLinkSx}>
                {link.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
          <Stack direction="row" spacing={1} sx={{ display: { xs: 'none', sm: 'flex' } }}>
            {signedIn ? (
              <Button component={RouterLink} to={paths.app.root} variant="contained" color="secondary">
                Go to Dashboard
              </Button>
            ) : (
              <>
                <Button component={RouterLink} to={paths.login} sx={{ color: '#fff' }}>
                  Log in
                </Button>
                <Button component={RouterLink} to={paths.signup} variant="contained" color="secondary">
                  Sign up
                </Button>
              </>
            )}
          </Stack>
          <IconButton
            color="inherit"
            aria-label="Open menu"
            aria-controls="public-menu"
            aria-expanded={open}
            onClick={() => {
              setMenuUsed(true);
              setOpen(true);
            }}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      {/* The phone menu's drawer is its own chunk, loaded when first opened (docs/performance.md). */}
      {menuUsed && (
        <Suspense fallback={null}>
          <PublicMenuDrawer links={LINKS} open={open} signedIn={signedIn} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}

function PublicFooter() {
  return (
    <Box component="footer" sx={{ bgcolor: 'primary.dark', color: 'rgba(255,255,255,0.8)', py: 4, mt: 'auto' }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Typography variant="body2">
            © {new Date().getFullYear()} LexServe · Legal document service for South African law firms and sheriffs.
          </Typography>
          <Stack direction="row" spacing={2} component="nav" aria-label="Footer">
            {[
              { label: 'About', to: paths.about },
              { label: 'Plans', to: paths.plans },
              { label: 'Verify Document', to: paths.verify },
            ].map((link) => (
              <Link key={link.to} component={RouterLink} to={link.to} sx={{ color: 'inherit' }} variant="body2">
                {link.label}
              </Link>
            ))}
          </Stack>
        </Stack>
        <DemoInstallationNote />
      </Container>
    </Box>
  );
}

export function PublicLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <PublicTopBar />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <PublicFooter />
    </Box>
  );
}
