import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import GavelIcon from '@mui/icons-material/Gavel';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import OutboxOutlinedIcon from '@mui/icons-material/OutboxOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CLOSURE_HISTORY_LABELS,
  CLOSURE_MESSAGES,
  type ClosureHistory,
  type ClosureHistoryEventType,
} from '@lexserve/contracts/closures';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { historyErrorMessage, useClosureHistory } from '../api/closures';
import { personName } from '../closure-state';
import { ChecklistStatus } from './closure-details';

const ICONS: Record<ClosureHistoryEventType, ReactNode> = {
  requested: <OutboxOutlinedIcon color="primary" />,
  approved: <CheckCircleOutlineIcon color="success" />,
  rejected: <HighlightOffIcon color="error" />,
  completed: <GavelIcon color="success" />,
  direct_closed: <BlockIcon color="warning" />,
};

/** Case Closure Timeline (spec 2.11): requests, decisions and completions, newest first; each expands to its notes and checklist. */
export function ClosureHistory({ documentId }: { documentId: number }) {
  const history = useClosureHistory(documentId);
  return (
    <QueryState
      query={history}
      loading={
        <Stack spacing={1} role="status" aria-label="Loading closure history">
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={48} />
        </Stack>
      }
      errorMessage={historyErrorMessage}
      isEmpty={(data) => data.events.length === 0}
      empty={<Typography color="text.secondary">{CLOSURE_MESSAGES.noHistory}</Typography>}
    >
      {(data) => <HistoryEvents events={data.events} />}
    </QueryState>
  );
}

function HistoryEvents({ events }: { events: ClosureHistory['events'] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Case closure history">
      {events.map((e) => (
        <Box component="li" key={e.id} sx={{ mb: 1 }}>
          <Accordion disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                {ICONS[e.event_type]}
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{CLOSURE_HISTORY_LABELS[e.event_type]}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(e.occurred_at)}
                    {e.performed_by ? ` · ${personName(e.performed_by, e.performed_by.id)}` : ''}
                  </Typography>
                </Box>
              </Stack>
            </AccordionSummary>
            <AccordionDetails>
              <Stack spacing={1.5}>
                <Typography variant="body2">
                  <strong>Reason:</strong> {e.closure_reason}
                </Typography>
                <Typography variant="body2">
                  <strong>Notes:</strong> {e.notes || 'No notes'}
                </Typography>
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                    Checklist
                  </Typography>
                  <ChecklistStatus checklist={e.checklist} />
                </Box>
              </Stack>
            </AccordionDetails>
          </Accordion>
        </Box>
      ))}
    </Box>
  );
}
