import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useUpcomingDeadlines } from '../api/deadlines';
import { dueLabel, saToday, urgencyOf } from '../due-dates';

/** My Cases' "Due" cell: the case's next deadline (from one shared request for every row), or a dash. */
export function DueIndicator({ documentId }: { documentId: number }) {
  const upcoming = useUpcomingDeadlines();
  const today = saToday();
  const next = upcoming.data?.filter((d) => d.document_id === documentId && d.due_date >= today)[0];
  if (!next)
    return (
      <Typography variant="body2" color="text.secondary" aria-label="Nothing due">
        –
      </Typography>
    );
  const urgency = urgencyOf(next.due_date, today);
  const label = dueLabel(next.due_date, today);
  return (
    <Tooltip title={next.rule ? `${next.name} (${next.rule})` : next.name}>
      <Chip
        size="small"
        color={urgency === 'today' ? 'error' : urgency === 'soon' ? 'warning' : 'default'}
        variant={urgency === 'later' ? 'outlined' : 'filled'}
        label={label}
        aria-label={`${next.name}: ${label}`}
      />
    </Tooltip>
  );
}
