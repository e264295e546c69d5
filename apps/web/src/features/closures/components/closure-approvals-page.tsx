import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ClosureApprovals } from './closure-approvals';

/** The system administrator's approvals page (spec 2.13): every firm's closures, with the firm shown. */
export function ClosureApprovalsPage() {
  useDocumentTitle('Case Closure Approvals');
  return (
    <Box>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1.5 }}>
        <Link component={RouterLink} to={paths.app.admin} underline="hover" color="inherit">
          Admin
        </Link>
        <Typography color="text.primary">Case Closure Approvals</Typography>
      </Breadcrumbs>
      <Typography variant="h4" component="h1">
        Case Closure Approvals
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        Review and manage pending case closure requests from legal practitioners across every firm: approve or
        reject them, view each case&apos;s closure history and track their completion.
      </Typography>
      <ClosureApprovals showFirm />
    </Box>
  );
}
