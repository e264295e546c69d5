import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Document } from '@lexserve/contracts/documents';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import {
  belongsTo,
  priorityChip,
  statusColor,
  statusLabel,
  type MyCasesSubtab,
} from '../utils/document-display';
import { documentCompletion, lastSavedAt, relativeHoursOrDays } from '../utils/wizard-rules';

type CaseListProps = {
  label: string;
  rows: Document[];
  subtab: MyCasesSubtab;
  phone: boolean;
  canEdit: boolean;
  onOpen: (doc: Document) => void;
  onResume: (doc: Document) => void;
  onDelete: (doc: Document) => void;
  /** The "Due" cell of a case (composed by the route from the deadlines feature); no column without it. */
  dueCell?: (doc: Document) => ReactNode;
};

/** One My Cases subtab's documents: a table, or cards on phones. */
export function CaseList({
  label,
  rows,
  subtab,
  phone,
  canEdit,
  onOpen,
  onResume,
  onDelete,
  dueCell,
}: CaseListProps) {
  // Drafts are not served: nothing falls due on them.
  const due = subtab === 'drafts' ? undefined : dueCell;
  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((doc) => (
          <CaseCard
            key={doc.id}
            doc={doc}
            subtab={subtab}
            canEdit={canEdit}
            onOpen={() => onOpen(doc)}
            onResume={() => onResume(doc)}
            onDelete={() => onDelete(doc)}
            due={due}
          />
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Case Number</TableCell>
            <TableCell>Title</TableCell>
            <TableCell>{subtab === 'drafts' ? 'Progress' : 'Priority'}</TableCell>
            <TableCell>Status</TableCell>
            {due ? <TableCell>Due</TableCell> : null}
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Date Created</TableCell>
            {subtab === 'drafts' ? <TableCell align="right">Actions</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((doc) => (
            <CaseRow
              key={doc.id}
              doc={doc}
              subtab={subtab}
              canEdit={canEdit}
              onOpen={() => onOpen(doc)}
              onResume={() => onResume(doc)}
              onDelete={() => onDelete(doc)}
              due={due}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type CaseRowProps = {
  doc: Document;
  subtab: MyCasesSubtab;
  canEdit: boolean;
  onOpen: () => void;
  onResume: () => void;
  onDelete: () => void;
  due?: (doc: Document) => ReactNode;
};

function CaseRow({ doc, subtab, canEdit, onOpen, onResume, onDelete, due }: CaseRowProps) {
  const priority = priorityChip(doc.case_priority);
  const drafts = subtab === 'drafts';
  const completion = documentCompletion(doc);
  const label = doc.case_number || `#${doc.id}`;
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {subtab === 'active' ? (
          <Link component={RouterLink} to={paths.app.activeCase(doc.id)} sx={{ fontWeight: 600 }}>
            {label}
          </Link>
        ) : (
          <Link
            component="button"
            type="button"
            onClick={onOpen}
            sx={{ fontWeight: 600 }}
            aria-label={`${label}: view case details`}
          >
            {label}
          </Link>
        )}
      </TableCell>
      <TableCell sx={{ minWidth: { xs: 140, sm: 180 } }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {doc.title}
        </Typography>
        {drafts ? (
          <Typography variant="caption" color="text.secondary">
            Last saved: {relativeHoursOrDays(lastSavedAt(doc))}
          </Typography>
        ) : null}
        {doc.is_revoked ? <Chip size="small" color="error" label="Revoked" sx={{ ml: 1 }} /> : null}
        {/* Spec 2 §4: a completed or closed document shows 'Case Closed'. */}
        {belongsTo(doc, 'closed') ? (
          <Chip size="small" variant="outlined" label="Case Closed" sx={{ ml: 1 }} />
        ) : null}
      </TableCell>
      <TableCell sx={{ minWidth: 110 }}>
        {drafts ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LinearProgress
              variant="determinate"
              value={completion}
              sx={{ flex: 1, height: 6, borderRadius: 3, minWidth: 50 }}
              aria-label={`${completion}% complete`}
            />
            <Typography variant="caption">{completion}%</Typography>
          </Stack>
        ) : (
          <Chip
            size="small"
            label={priority.label}
            color={priority.color}
            variant={priority.color === 'default' ? 'outlined' : 'filled'}
          />
        )}
      </TableCell>
      <TableCell>
        <Chip size="small" label={statusLabel(doc.status)} color={statusColor(doc.status)} />
      </TableCell>
      {due ? <TableCell sx={{ whiteSpace: 'nowrap' }}>{due(doc)}</TableCell> : null}
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
        {formatDate(doc.created_at)}
      </TableCell>
      {drafts ? (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: { xs: 0.5, sm: 2 } }}>
          {canEdit ? (
            <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
              <Button size="small" startIcon={<PlayArrowIcon />} onClick={onResume}>
                Resume
              </Button>
              <Tooltip title="Delete this draft" describeChild>
                <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete}>
                  Delete
                </Button>
              </Tooltip>
            </Stack>
          ) : null}
        </TableCell>
      ) : null}
    </TableRow>
  );
}

/** A case on a phone: the same link, chips and actions as a table row. */
function CaseCard({ doc, subtab, canEdit, onOpen, onResume, onDelete, due }: CaseRowProps) {
  const priority = priorityChip(doc.case_priority);
  const drafts = subtab === 'drafts';
  const completion = documentCompletion(doc);
  const label = doc.case_number || `#${doc.id}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        {subtab === 'active' ? (
          <Link component={RouterLink} to={paths.app.activeCase(doc.id)} sx={{ fontWeight: 600 }}>
            {label}
          </Link>
        ) : (
          <Link
            component="button"
            type="button"
            onClick={onOpen}
            sx={{ fontWeight: 600 }}
            aria-label={`${label}: view case details`}
          >
            {label}
          </Link>
        )}
        <Typography variant="caption" color="text.secondary">
          {formatDate(doc.created_at)}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ fontWeight: 500, mt: 0.5 }}>
        {doc.title}
      </Typography>
      {drafts ? (
        <Typography variant="caption" color="text.secondary" component="p">
          Last saved: {relativeHoursOrDays(lastSavedAt(doc))}
        </Typography>
      ) : null}
      <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
        <Chip size="small" label={statusLabel(doc.status)} color={statusColor(doc.status)} />
        {drafts ? (
          <Chip size="small" variant="outlined" label={`${completion}% complete`} />
        ) : (
          <Chip size="small" label={priority.label} color={priority.color} variant="outlined" />
        )}
        {doc.is_revoked ? <Chip size="small" color="error" label="Revoked" /> : null}
        {due ? due(doc) : null}
      </Stack>
      {drafts && canEdit ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
          <Button size="small" startIcon={<PlayArrowIcon />} onClick={onResume}>
            Resume
          </Button>
          <Tooltip title="Delete this draft" describeChild>
            <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete}>
              Delete
            </Button>
          </Tooltip>
        </Stack>
      ) : null}
    </Paper>
  );
}
