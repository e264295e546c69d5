import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Document } from '@lexserve/contracts/documents';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDashboardFeedback } from '../../../components/dashboard-feedback';
import { EmptyState } from '../../../components/empty-state';
import { dashboardTabPath, paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { deleteDraftError, documentLoadError, documentsLoadError, getDocument, useDeleteDocument, useDocuments } from '../api/documents';
import { documentKeys } from '../keys';
import {
  CASE_CLOSURE_COMPLETED_EVENT,
  MY_CASES_TABS,
  belongsTo,
  priorityChip,
  resolveSubtab,
  statusColor,
  statusLabel,
  type MyCasesSubtab,
} from '../utils/document-display';
import {
  documentCompletion,
  lastSavedAt,
  relativeHoursOrDays,
  resumeRecordFromDocument,
  storeResumeRecord,
  type Step,
} from '../utils/wizard-rules';
import { CaseDetailsDialog } from './case-details-dialog';
import { ResumeDraftDialog } from './resume-draft-dialog';

/** Dashboard tab "My Cases" (spec 2.7): urgent, active, closed and drafts. */
export function MyCasesTab({ subtab }: { subtab?: string | null }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const feedback = useDashboardFeedback();
  const { data: user } = useCurrentUser();
  const role = user?.role;
  const current = resolveSubtab(subtab, params.get('resume'));
  const documents = useDocuments(role);
  const deleteDraft = useDeleteDocument();
  const [details, setDetails] = useState<Document | null>(null);
  const [resuming, setResuming] = useState<Document | null>(null);
  const [toDelete, setToDelete] = useState<Document | null>(null);

  // Spec 2.7: force-refresh when a case closure completes anywhere in the product.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: documentKeys.all });
    window.addEventListener(CASE_CLOSURE_COMPLETED_EVENT, refresh);
    return () => window.removeEventListener(CASE_CLOSURE_COMPLETED_EVENT, refresh);
  }, [queryClient]);

  const counts = useMemo(() => {
    const list = documents.data ?? [];
    return Object.fromEntries(MY_CASES_TABS.map((t) => [t.value, list.filter((d) => belongsTo(d, t.value)).length])) as Record<MyCasesSubtab, number>;
  }, [documents.data]);
  const rows = useMemo(
    () =>
      (documents.data ?? [])
        .filter((d) => belongsTo(d, current))
        .sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime()),
    [documents.data, current],
  );
  const tabLabel = MY_CASES_TABS.find((t) => t.value === current)?.label ?? '';
  const isSheriff = role === 'sheriff';
  const theme = useTheme();
  // Phones get one card per case instead of a table too wide for them.
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  const openCase = async (doc: Document) => {
    if (current === 'active') {
      navigate(paths.app.activeCase(doc.id));
      return;
    }
    feedback.showLoading('Loading case details...');
    try {
      setDetails(await queryClient.fetchQuery({ queryKey: documentKeys.detail(doc.id), queryFn: () => getDocument(doc.id) }));
    } catch (error) {
      feedback.showError(documentLoadError(error));
    } finally {
      feedback.hideLoading();
    }
  };

  const startResume = async (doc: Document) => {
    feedback.showLoading('Loading draft information...');
    try {
      setResuming(await getDocument(doc.id));
    } catch {
      feedback.showError('Failed to load draft information. Resuming from beginning.');
    } finally {
      feedback.hideLoading();
    }
  };

  const resume = (doc: Document, step: Step) => {
    storeResumeRecord(resumeRecordFromDocument(doc, step));
    setResuming(null);
    navigate(`${paths.app.dashboard}?tab=new-matters&resume=${doc.id}&step=${step}`);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const title = toDelete.title;
    setToDelete(null);
    feedback.showLoading(`Deleting draft "${title}"...`);
    try {
      await deleteDraft.mutateAsync(toDelete.id);
      feedback.showSuccess(`Draft "${title}" has been deleted successfully.`);
    } catch (error) {
      feedback.showError(deleteDraftError(error));
    } finally {
      feedback.hideLoading();
    }
  };

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Box>
          <Typography variant="h5" component="h2">
            My Cases
          </Typography>
          <Typography color="text.secondary">
            {isSheriff ? 'The documents assigned to you for service' : 'View and manage all your cases and documents'}
          </Typography>
        </Box>
        <Tooltip title="Refresh">
          <span>
            <IconButton onClick={() => void documents.refetch()} disabled={documents.isFetching} aria-label="Refresh cases">
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>

      <Paper variant="outlined">
        <Tabs
          value={current}
          onChange={(_, value: MyCasesSubtab) => setParams({ tab: 'my-cases', subtab: value })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Case lists"
        >
          {MY_CASES_TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              id={`my-cases-tab-${t.value}`}
              aria-controls="my-cases-panel"
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{t.label}</span>
                  {documents.data ? <Badge badgeContent={counts[t.value]} color={t.value === 'urgent' ? 'error' : 'primary'} max={99} sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }} /> : null}
                </Stack>
              }
            />
          ))}
        </Tabs>
        {documents.isFetching && documents.data ? <LinearProgress aria-label="Refreshing cases" /> : null}

        <Box role="tabpanel" id="my-cases-panel" aria-labelledby={`my-cases-tab-${current}`} sx={{ p: { xs: 1.5, sm: 2 } }}>
          {documents.isLoading ? (
            <Stack spacing={1} role="status" aria-label="Loading cases">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} variant="rounded" height={44} />
              ))}
            </Stack>
          ) : documents.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void documents.refetch()}>
                  Retry
                </Button>
              }
            >
              {documentsLoadError(documents.error)}
            </Alert>
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<FolderOpenOutlinedIcon />}
              title={`No ${tabLabel} found`}
              description={current === 'drafts' ? 'Start a new matter to create your first draft' : 'Your cases will appear here once they match this category'}
              action={
                current === 'drafts' && !isSheriff ? (
                  <Button variant="contained" component={RouterLink} to={dashboardTabPath('new-matters')}>
                    Start New Matter
                  </Button>
                ) : undefined
              }
            />
          ) : phone ? (
            <Stack spacing={1.5} component="ul" aria-label={tabLabel} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {rows.map((doc) => (
                <CaseCard
                  key={doc.id}
                  doc={doc}
                  subtab={current}
                  canEdit={!isSheriff}
                  onOpen={() => void openCase(doc)}
                  onResume={() => void startResume(doc)}
                  onDelete={() => setToDelete(doc)}
                />
              ))}
            </Stack>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={tabLabel}>
                <TableHead>
                  <TableRow>
                    <TableCell>Case Number</TableCell>
                    <TableCell>Title</TableCell>
                    <TableCell>{current === 'drafts' ? 'Progress' : 'Priority'}</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Date Created</TableCell>
                    {current === 'drafts' ? <TableCell align="right">Actions</TableCell> : null}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((doc) => (
                    <CaseRow
                      key={doc.id}
                      doc={doc}
                      subtab={current}
                      canEdit={!isSheriff}
                      onOpen={() => void openCase(doc)}
                      onResume={() => void startResume(doc)}
                      onDelete={() => setToDelete(doc)}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Box>
      </Paper>

      <CaseDetailsDialog document={details} onClose={() => setDetails(null)} />
      <ResumeDraftDialog document={resuming} onClose={() => setResuming(null)} onResume={(step) => resuming && resume(resuming, step)} />
      <ConfirmDialog
        open={Boolean(toDelete)}
        type="danger"
        title="Delete Draft Document"
        message={`Are you sure you want to delete the draft "${toDelete?.title ?? ''}"? This action cannot be undone and all your progress will be lost.`}
        confirmLabel="Delete Draft"
        cancelLabel="Keep Draft"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Box>
  );
}

type CaseRowProps = {
  doc: Document;
  subtab: MyCasesSubtab;
  canEdit: boolean;
  onOpen: () => void;
  onResume: () => void;
  onDelete: () => void;
};

function CaseRow({ doc, subtab, canEdit, onOpen, onResume, onDelete }: CaseRowProps) {
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
          <Link component="button" type="button" onClick={onOpen} sx={{ fontWeight: 600 }} aria-label={`${label}: view case details`}>
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
        {belongsTo(doc, 'closed') ? <Chip size="small" variant="outlined" label="Case Closed" sx={{ ml: 1 }} /> : null}
      </TableCell>
      <TableCell sx={{ minWidth: 110 }}>
        {drafts ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LinearProgress variant="determinate" value={completion} sx={{ flex: 1, height: 6, borderRadius: 3, minWidth: 50 }} aria-label={`${completion}% complete`} />
            <Typography variant="caption">{completion}%</Typography>
          </Stack>
        ) : (
          <Chip size="small" label={priority.label} color={priority.color} variant={priority.color === 'default' ? 'outlined' : 'filled'} />
        )}
      </TableCell>
      <TableCell>
        <Chip size="small" label={statusLabel(doc.status)} color={statusColor(doc.status)} />
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{formatDate(doc.created_at)}</TableCell>
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
function CaseCard({ doc, subtab, canEdit, onOpen, onResume, onDelete }: CaseRowProps) {
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
          <Link component="button" type="button" onClick={onOpen} sx={{ fontWeight: 600 }} aria-label={`${label}: view case details`}>
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
