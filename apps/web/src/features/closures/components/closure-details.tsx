import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CHECKLIST_ITEMS,
  CHECKLIST_LABELS,
  CLOSURE_STATUS_LABELS,
  type Checklist,
  type Closure,
  type ClosureStatus,
} from '@lexserve/contracts/closures';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import { CLOSURE_STATUS_COLORS, personName } from '../closure-state';

export function ClosureStatusChip({
  status,
  size = 'small',
}: {
  status: ClosureStatus;
  size?: 'small' | 'medium';
}) {
  return <Chip size={size} label={CLOSURE_STATUS_LABELS[status]} color={CLOSURE_STATUS_COLORS[status]} />;
}

/** The checklist items with a tick or an empty circle, and their notes. */
export function ChecklistStatus({ checklist }: { checklist: Checklist }) {
  return (
    <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Checklist status">
      {CHECKLIST_ITEMS.map((key) => {
        const item = checklist[key];
        return (
          <Stack component="li" key={key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {item.completed ? (
              <CheckCircleIcon color="success" fontSize="small" aria-label="Completed" />
            ) : (
              <RadioButtonUncheckedIcon color="disabled" fontSize="small" aria-label="Not completed" />
            )}
            <Box>
              <Typography variant="body2">{CHECKLIST_LABELS[key]}</Typography>
              {item.notes ? (
                <Typography variant="caption" color="text.secondary">
                  {item.notes}
                </Typography>
              ) : null}
            </Box>
          </Stack>
        );
      })}
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', wordBreak: 'break-word' }}>{children}</Box>
    </Box>
  );
}

/** A closure's details, shown before an approval or rejection. */
export function ClosureDetails({ closure }: { closure: Closure }) {
  return (
    <Stack spacing={1}>
      <Row label="Case">{closure.document.title || 'Untitled'}</Row>
      <Row label="Case Number">
        {closure.document.case_number ? `#${closure.document.case_number}` : 'No case number'}
      </Row>
      {closure.firm_name ? <Row label="Firm">{closure.firm_name}</Row> : null}
      <Row label="Status">
        <ClosureStatusChip status={closure.closure_status} />
      </Row>
      <Row label="Requested By">{personName(closure.closed_by_user, closure.closed_by_user_id)}</Row>
      <Row label="Requested At">{formatDateTime(closure.requested_at)}</Row>
      <Row label="Reason">{closure.closure_reason || 'No reason provided'}</Row>
      {closure.closure_notes ? <Row label="Notes">{closure.closure_notes}</Row> : null}
      <Row label="Checklist">
        <ChecklistStatus checklist={closure.checklist_completed} />
      </Row>
    </Stack>
  );
}
