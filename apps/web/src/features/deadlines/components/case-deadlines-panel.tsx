import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CreateDeadlineInputSchema, type Deadline } from '@lexserve/contracts/deadlines';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { describeError } from '../../../lib/api-client';
import { useAddDeadline, useDeleteDeadline, useDocumentDeadlines } from '../api/deadlines';
import { dueLabel, saDate, saToday, urgencyOf, type Urgency } from '../due-dates';

const CHIP_COLOR: Record<Urgency, 'error' | 'warning' | 'default'> = {
  overdue: 'error',
  today: 'error',
  soon: 'warning',
  later: 'default',
};

/** Where a deadline comes from, in a line: the rule and its count, or who added it. */
const originOf = (d: Deadline) =>
  d.source === 'rule'
    ? `${d.rule} · ${d.court_days} court days from service on ${d.service_date ? saDate(d.service_date) : '-'}`
    : `Added by the firm${d.created_by_name ? ` (${d.created_by_name})` : ''}`;

type Props = {
  documentId: number;
  /** The firm that owns the case may add and remove its own deadlines (not a sheriff, not a closed or revoked case). */
  canChange: boolean;
};

/** The case page's "Deadlines" panel: what falls due after service (the rules' and the firm's own). */
export function CaseDeadlinesPanel({ documentId, canChange }: Props) {
  const deadlines = useDocumentDeadlines(documentId);
  const remove = useDeleteDeadline(documentId);
  const [toRemove, setToRemove] = useState<Deadline | null>(null);
  const today = saToday();

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 3 }}
      component="section"
      aria-labelledby="case-deadlines-heading"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <EventIcon color="action" aria-hidden />
        <Typography variant="h6" component="h2" id="case-deadlines-heading">
          Deadlines
        </Typography>
      </Stack>
      {deadlines.isPending ? (
        <Skeleton variant="rounded" height={48} aria-label="Loading deadlines" />
      ) : deadlines.isError ? (
        <Alert severity="error">
          {describeError(deadlines.error, { fallback: 'Failed to load the deadlines.' })}
        </Alert>
      ) : deadlines.data.length === 0 ? (
        <Typography color="text.secondary">
          No deadlines yet. A served summons or application on notice gets the rules’ deadline here; the firm
          can add its own.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Deadlines of this case">
          {deadlines.data.map((d) => (
            <ListItem
              key={d.key}
              disableGutters
              divider
              secondaryAction={
                canChange && d.source === 'firm' && d.id !== null ? (
                  <Tooltip title={`Remove “${d.name}”`}>
                    <IconButton
                      edge="end"
                      aria-label={`Remove deadline ${d.name}`}
                      onClick={() => setToRemove(d)}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                ) : null
              }
            >
              <Box sx={{ pr: canChange ? 6 : 0, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
                  <Typography sx={{ fontWeight: 600 }}>{d.name}</Typography>
                  <Chip
                    size="small"
                    color={CHIP_COLOR[urgencyOf(d.due_date, today)]}
                    label={dueLabel(d.due_date, today)}
                  />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {originOf(d)}
                </Typography>
                {d.note ? (
                  <Typography variant="caption" color="text.secondary" component="p">
                    {d.note}
                  </Typography>
                ) : null}
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      {remove.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {describeError(remove.error, { fallback: 'The deadline could not be removed.' })}
        </Alert>
      ) : null}
      {canChange ? <AddDeadlineForm documentId={documentId} /> : null}
      <ConfirmDialog
        open={toRemove !== null}
        type="danger"
        title="Remove deadline"
        message={toRemove ? `Remove “${toRemove.name}”, due ${saDate(toRemove.due_date)}?` : ''}
        confirmLabel="Remove"
        loading={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (toRemove?.id != null) remove.mutate(toRemove.id, { onSettled: () => setToRemove(null) });
        }}
      />
    </Paper>
  );
}

function AddDeadlineForm({ documentId }: { documentId: number }) {
  const add = useAddDeadline(documentId);
  const [name, setName] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [problems, setProblems] = useState<{ name?: string; due_date?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateDeadlineInputSchema.safeParse({ name, due_date: dueDate });
    if (!parsed.success) {
      const found: { name?: string; due_date?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'name' | 'due_date';
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setDueDate('');
      },
    });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2 }} aria-label="Add a deadline">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          label="Deadline"
          placeholder="e.g. File the replication"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(problems.name)}
          helperText={problems.name ?? ' '}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          type="date"
          label="Due date"
          value={dueDate}
          onChange={(e) => setDueDate(e.target.value)}
          error={Boolean(problems.due_date)}
          helperText={problems.due_date ?? ' '}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={add.isPending}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Add deadline
        </Button>
      </Stack>
      {add.isError ? (
        <Alert severity="error">
          {describeError(add.error, { fallback: 'The deadline could not be added.' })}
        </Alert>
      ) : null}
    </Box>
  );
}
