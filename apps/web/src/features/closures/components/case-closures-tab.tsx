import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ClosureApprovals } from './closure-approvals';

/** Dashboard tab case-closures (spec 2.12), for firm and branch administrators. */
export function CaseClosuresTab({ subtab }: { subtab?: string | null }) {
  void subtab;
  return (
    <Box>
      <Typography variant="h5" component="h2">
        Case Closure Approvals
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        Review and approve case closure requests from your team.
      </Typography>
      <ClosureApprovals />
    </Box>
  );
}
