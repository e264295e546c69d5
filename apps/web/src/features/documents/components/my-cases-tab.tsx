import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Document } from '@lexserve/contracts/documents';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDashboardFeedback } from '../../../components/dashboard-feedback';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { dashboardTabPath, paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { useActiveTabVisible } from '../../../lib/use-active-tab-visible';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  MY_CASES_PAGE_SIZE,
  deleteDraftError,
  documentLoadError,
  documentsLoadError,
  getDocument,
  useDeleteDocument,
  useMyCases,
} from '../../../lib/documents-api/documents';
import { documentKeys } from '../../../lib/documents-api/keys';
import {
  CASE_CLOSURE_COMPLETED_EVENT,
  MY_CASES_TABS,
  resolveSubtab,
  type MyCasesSubtab,
} from '../utils/document-display';
import { resumeRecordFromDocument, storeResumeRecord, type Step } from '../utils/wizard-rules';
import { CaseDetailsDialog } from './case-details-dialog';
import { ListPagination } from './list-pagination';
import { CaseList } from './my-cases-list';
import { ResumeDraftDialog } from './resume-draft-dialog';

/** Dashboard tab "My Cases" (spec 2.7): urgent, active, closed and drafts. */
export function MyCasesTab({
  subtab,
  dueCell,
}: {
  subtab?: string | null;
  dueCell?: (doc: Document) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const feedback = useDashboardFeedback();
  const { data: user } = useCurrentUser();
  const role = user?.role;
  const isSheriff = role === 'sheriff';
  // A sheriff has no drafts (what reaches them is submitted): no Drafts tab; their work is Active Cases.
  const tabs = isSheriff ? MY_CASES_TABS.filter((t) => t.value !== 'drafts') : MY_CASES_TABS;
  const requested = resolveSubtab(subtab ?? (isSheriff ? 'active' : null), params.get('resume'));
  const current: MyCasesSubtab = tabs.some((t) => t.value === requested) ? requested : 'active';
  const tabsRef = useActiveTabVisible(current);
  // Sub-tabs, search, counts and pages are the server's (GET /documents?subtab=&search=&skip=&limit=).
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim());
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [current, searched]);
  const documents = useMyCases(role, current, searched, page);
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

  const counts = documents.data?.counts;
  const rows = documents.data?.documents ?? [];
  const total = documents.data?.total ?? 0;
  const atLimit = total >= (documents.data?.countLimit ?? Infinity);
  const pageCount = Math.max(1, Math.ceil(total / MY_CASES_PAGE_SIZE));
  const tabLabel = MY_CASES_TABS.find((t) => t.value === current)?.label ?? '';
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
      setDetails(
        await queryClient.fetchQuery({
          queryKey: documentKeys.detail(doc.id),
          queryFn: () => getDocument(doc.id),
        }),
      );
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
      <Stack
        direction="row"
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2, gap: 2 }}
      >
        <Box>
          <Typography variant="h5" component="h2">
            My Cases
          </Typography>
          <Typography color="text.secondary">
            {isSheriff
              ? 'The documents assigned to you for service'
              : 'View and manage all your cases and documents'}
          </Typography>
        </Box>
        <Tooltip title="Refresh">
          <span>
            <IconButton
              onClick={() => void documents.refetch()}
              disabled={documents.isFetching}
              aria-label="Refresh cases"
            >
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>

      <Paper variant="outlined">
        <Tabs
          ref={tabsRef}
          value={current}
          onChange={(_, value: MyCasesSubtab) => setParams({ tab: 'my-cases', subtab: value })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Case lists"
        >
          {tabs.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              id={`my-cases-tab-${t.value}`}
              aria-controls="my-cases-panel"
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{t.label}</span>
                  {counts ? (
                    <Badge
                      badgeContent={counts[t.value]}
                      color={t.value === 'urgent' ? 'error' : 'primary'}
                      max={99}
                      sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                    />
                  ) : null}
                </Stack>
              }
            />
          ))}
        </Tabs>
        {documents.isFetching && documents.data ? <LinearProgress aria-label="Refreshing cases" /> : null}
        <Box sx={{ px: { xs: 1.5, sm: 2 }, pt: 2 }}>
          <TextField
            size="small"
            fullWidth
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search by title, case number or client"
            slotProps={{
              htmlInput: { 'aria-label': 'Search cases', maxLength: 200 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>

        <Box
          role="tabpanel"
          id="my-cases-panel"
          aria-labelledby={`my-cases-tab-${current}`}
          sx={{ p: { xs: 1.5, sm: 2 } }}
        >
          <QueryState
            query={documents}
            loading={
              <Stack spacing={1} role="status" aria-label="Loading cases">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} variant="rounded" height={44} />
                ))}
              </Stack>
            }
            errorMessage={documentsLoadError}
            isEmpty={() => rows.length === 0}
            empty={
              <EmptyState
                icon={<FolderOpenOutlinedIcon />}
                title={`No ${tabLabel} found`}
                description={
                  current === 'drafts'
                    ? 'Start a new matter to create your first draft'
                    : 'Your cases will appear here once they match this category'
                }
                action={
                  current === 'drafts' ? (
                    <Button variant="contained" component={RouterLink} to={dashboardTabPath('new-matters')}>
                      Start New Matter
                    </Button>
                  ) : undefined
                }
              />
            }
          >
            {() => (
              <>
                <CaseList
                  label={tabLabel}
                  rows={rows}
                  subtab={current}
                  phone={phone}
                  canEdit={!isSheriff}
                  onOpen={(doc) => void openCase(doc)}
                  onResume={(doc) => void startResume(doc)}
                  onDelete={setToDelete}
                  dueCell={dueCell}
                />
                {total > MY_CASES_PAGE_SIZE ? (
                  <ListPagination
                    page={page + 1}
                    pageCount={pageCount}
                    from={page * MY_CASES_PAGE_SIZE + 1}
                    to={page * MY_CASES_PAGE_SIZE + rows.length}
                    total={total}
                    totalLabel={atLimit ? `${total.toLocaleString('en-ZA')}+` : undefined}
                    noun="cases"
                    onPage={(next) => setPage(next - 1)}
                  />
                ) : null}
              </>
            )}
          </QueryState>
        </Box>
      </Paper>

      <CaseDetailsDialog document={details} onClose={() => setDetails(null)} />
      <ResumeDraftDialog
        document={resuming}
        onClose={() => setResuming(null)}
        onResume={(step) => resuming && resume(resuming, step)}
      />
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
