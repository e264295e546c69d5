import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { describeError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { humanise } from '../admin-format';
import { useFirmSubscriptionHistory } from '../api/analytics';
import { useFirmBranches, type AdminFirm } from '../api/directory';
import { DetailsList } from './details-list';
import { activeChip } from './list-filters';
import { StatusChip } from './status-chip';

function SmallTable({
  label,
  headers,
  rows,
}: {
  label: string;
  headers: string[];
  rows: { key: number; cells: ReactNode[] }[];
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {headers.map((header) => (
            <TableCell key={header}>{header}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            {row.cells.map((cell, i) => (
              <TableCell key={headers[i]}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function FirmBranches({ firmId }: { firmId: number | null }) {
  const branches = useFirmBranches(firmId);
  if (branches.isPending) return <LinearProgress aria-label="Loading branches" />;
  if (branches.isError)
    return (
      <Alert severity="error">
        {describeError(branches.error, { fallback: 'Failed to load branches.' })}
      </Alert>
    );
  if (branches.data.length === 0) return <Typography color="text.secondary">No branches.</Typography>;
  return (
    <SmallTable
      label="Branches"
      headers={['Branch', 'Practice number', 'Digital service address', 'Status']}
      rows={branches.data.map((branch) => ({
        key: branch.id,
        cells: [
          <>
            {branch.name}
            {branch.is_main ? <Chip size="small" label="Main" sx={{ ml: 1 }} /> : null}
          </>,
          branch.practice_number,
          branch.digital_service_address ?? '-',
          <StatusChip {...activeChip(branch.is_active)} />,
        ],
      }))}
    />
  );
}

function FirmHistory({ firmId }: { firmId: number | null }) {
  const history = useFirmSubscriptionHistory(firmId);
  if (history.isPending) return <LinearProgress aria-label="Loading subscription history" />;
  if (history.isError)
    return (
      <Alert severity="error">
        {describeError(history.error, { fallback: 'Failed to load the subscription history.' })}
      </Alert>
    );
  if (history.data.history.length === 0)
    return <Typography color="text.secondary">No subscription changes yet.</Typography>;
  return (
    <SmallTable
      label="Subscription history"
      headers={['When', 'Change', 'Plan', 'Reason']}
      rows={history.data.history.map((entry) => ({
        key: entry.id,
        cells: [
          formatDateTime(entry.effective_at),
          humanise(entry.change_type),
          entry.to_plan ?? entry.from_plan ?? '-',
          entry.reason ?? '-',
        ],
      }))}
    />
  );
}

/** One firm's details, branches and subscription history (Firm Management's 'View'). */
export function FirmDetailsDialog({ firm, onClose }: { firm: AdminFirm | null; onClose: () => void }) {
  const titleId = useId();
  const firmId = firm?.id ?? null;
  return (
    <Dialog open={firm !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{firm?.name}</DialogTitle>
      <DialogContent dividers>
        {firm ? (
          <DetailsList
            rows={[
              ['Contact email', firm.contact_email],
              ['Phone', firm.phone ?? '-'],
              ['Address', firm.address ?? '-'],
              ['Status', <StatusChip key="s" {...activeChip(firm.is_active)} />],
              ['Users', firm.users_count],
              ['Branches', `${firm.branches_count} of ${firm.max_branches} allowed`],
              [
                'Subscription',
                firm.subscription
                  ? `${firm.subscription.plan_name} · ${humanise(firm.subscription.status)}`
                  : 'None',
              ],
              ['Registered', formatDate(firm.created_at)],
            ]}
          />
        ) : null}
        <Divider sx={{ my: 3 }} />
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          Branches
        </Typography>
        <FirmBranches firmId={firmId} />
        <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
          Subscription history
        </Typography>
        <FirmHistory firmId={firmId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
