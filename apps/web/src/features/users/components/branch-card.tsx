import type { User } from '@lexserve/contracts/users';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { FirmBranchWithUsers } from '../api/firm-users';
import { UserTable, type UserAction } from './user-table';

type BranchCardProps = {
  branch: FirmBranchWithUsers;
  defaultExpanded: boolean;
  currentUserId: number | undefined;
  onAction: (action: UserAction, user: User) => void;
};

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        {value || '-'}
      </Typography>
    </Grid>
  );
}

/** One collapsible card per branch (spec 2.8). */
export function BranchCard({ branch, defaultExpanded, currentUserId, onAction }: BranchCardProps) {
  const headerId = `branch-${branch.id}-header`;
  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      variant="outlined"
      sx={{ '&:before': { display: 'none' } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls={`branch-${branch.id}-content`}
        id={headerId}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, width: '100%', pr: 1 }}>
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
            {branch.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Practice No. {branch.practice_number}
          </Typography>
          <Chip size="small" label={`${branch.total_users} ${branch.total_users === 1 ? 'user' : 'users'}`} />
          {branch.is_active ? null : (
            <Chip size="small" color="default" variant="outlined" label="Inactive branch" />
          )}
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`branch-${branch.id}-content`}>
        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Detail label="Contact email" value={branch.contact_email} />
          <Detail label="Contact phone" value={branch.contact_phone} />
          <Detail label="Address" value={branch.address} />
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Typography variant="caption" color="text.secondary" component="p">
              Digital service address
            </Typography>
            <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
              DSA: {branch.digital_service_address || '-'}
            </Typography>
          </Grid>
        </Grid>
        <UserTable
          users={branch.users}
          currentUserId={currentUserId}
          caption={`Users of ${branch.name}`}
          onAction={onAction}
        />
      </AccordionDetails>
    </Accordion>
  );
}
