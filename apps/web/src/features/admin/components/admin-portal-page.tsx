import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader';
import { ADMIN_SECTIONS, paths, type AdminSection } from '../../../config/paths';
import { useActiveTabVisible } from '../../../lib/use-active-tab-visible';

const ADMIN_SECTION_LABELS: Record<AdminSection, string> = {
  overview: 'Overview',
  plans: 'Plans',
  'firm-subscriptions': 'Subscriptions',
  'case-closure-approvals': 'Case Closures',
  analytics: 'Analytics',
  health: 'Health',
  reports: 'Reports',
  users: 'Users',
  sheriffs: 'Sheriffs',
  'sheriff-areas': 'Sheriff Areas',
  firms: 'Firms',
  settings: 'Settings',
};

/** The section of /app/admin/{section}/..., or overview. */
const adminSectionOf = (pathname: string): AdminSection => {
  const segment = pathname.replace(/^\/app\/admin\/?/, '').split('/')[0] ?? '';
  return (ADMIN_SECTIONS as readonly string[]).includes(segment) ? (segment as AdminSection) : 'overview';
};

/** The admin portal (spec 2.14): the 'Admin Portal' tab bar over the section's page. */
export function AdminPortalPage() {
  const location = useLocation();
  const current = adminSectionOf(location.pathname);
  const tabsRef = useActiveTabVisible(current);

  return (
    <Box>
      <Paper variant="outlined" sx={{ mb: 3, px: { xs: 1, sm: 2 }, pt: 2 }}>
        <Typography
          variant="overline"
          component="p"
          sx={{ color: 'secondary.dark', fontWeight: 800, letterSpacing: 1.5, px: 1 }}
          id="admin-portal-title"
        >
          Admin Portal
        </Typography>
        <Tabs
          ref={tabsRef}
          value={current}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-labelledby="admin-portal-title"
          component="nav"
          sx={{ '& .MuiTab-root': { minWidth: 0, px: 2 } }}
        >
          {ADMIN_SECTIONS.map((section) => (
            <Tab
              key={section}
              value={section}
              label={ADMIN_SECTION_LABELS[section]}
              component={RouterLink}
              to={paths.app.adminSection(section)}
              aria-current={current === section ? 'page' : undefined}
            />
          ))}
        </Tabs>
      </Paper>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
