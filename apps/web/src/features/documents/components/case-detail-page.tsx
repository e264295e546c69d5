import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { isFirmRole } from '@lexserve/contracts/common';
import type { Document } from '@lexserve/contracts/documents';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { NotificationBanner } from '../../../components/notification-banner';
import { QueryState } from '../../../components/query-state';
import { isApiRequestError, describeError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDocument } from '../../../lib/documents-api/documents';
import {
  ACTIVE_CASES_PATH,
  caseListOf,
  docTypeLabel,
  priorityChip,
  reasonInSentence,
  statusColor,
  statusLabel,
} from '../utils/document-display';
import { filedBy } from './case-details-dialog';
import { CaseDocumentsTab } from './case-documents-tab';
import { CasePartiesTab } from './case-parties-tab';
import { CaseServiceTab, type SheriffCards } from './case-service-tab';
import { CaseTimelineTab } from './case-timeline-tab';
import { useActiveTabVisible } from '../../../lib/use-active-tab-visible';
import { ProofOfServiceTab } from './proof-of-service-tab';
import { RevokeDocumentDialog } from './revoke-document-dialog';

const CASE_TABS = [
  { value: 'documents', label: 'My Documents' },
  { value: 'details', label: 'Case Details' },
  { value: 'parties', label: 'Parties' },
  { value: 'timeline', label: 'Timeline' },
  { value: 'proof-of-service', label: 'Proof of Service' },
  { value: 'service', label: 'Service' },
  { value: 'closure', label: 'Case Closure' },
] as const;
type CaseTab = (typeof CASE_TABS)[number]['value'];

type CaseDetailPageProps = {
  /** The sheriff's returns and attempts on the Service tab (the sheriff feature's cards), composed by the route. */
  sheriffCards: SheriffCards;
  /** The closure tab's content (the closures feature's CaseClosurePanel), composed by the route. */
  closurePanel?: (documentId: number) => ReactNode;
  /** The closure button of the header (spec 2.10/2.11), composed by the route. */
  closureButton?: (document: Document) => ReactNode;
  /** What falls due after service (the deadlines feature's panel), composed by the route; `canChange` for the owning firm. */
  deadlinesPanel?: (document: Document, canChange: boolean) => ReactNode;
};

/** The case detail page, /app/dashboard/active-case/{documentId} (spec 2.10). */
export function CaseDetailPage({
  sheriffCards,
  closurePanel,
  closureButton,
  deadlinesPanel,
}: CaseDetailPageProps) {
  const { documentId: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const doc = useDocument(id);
  useDocumentTitle(doc.data ? doc.data.title : 'Case');

  if (
    id === null ||
    (doc.isError && isApiRequestError(doc.error) && (doc.error.status === 404 || doc.error.status === 403))
  )
    return <CaseNotFound />;
  return (
    <QueryState
      query={doc}
      loading={
        <Box role="status" aria-label="Loading case">
          <Skeleton variant="text" width="40%" height={48} />
          <Skeleton variant="text" width="20%" />
          <Skeleton variant="rounded" height={48} sx={{ my: 2 }} />
          <Skeleton variant="rounded" height={280} />
        </Box>
      }
      errorMessage={(error) => describeError(error, { fallback: 'Failed to load case information' })}
    >
      {(document) => (
        <CaseView
          document={document}
          sheriffCards={sheriffCards}
          closurePanel={closurePanel}
          closureButton={closureButton}
          deadlinesPanel={deadlinesPanel}
        />
      )}
    </QueryState>
  );
}

function CaseNotFound() {
  useDocumentTitle('Case Not Found');
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto', mt: 4 }}
    >
      <SearchOffIcon color="action" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h4" component="h1" gutterBottom>
        Case Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The requested case could not be found.
      </Typography>
      <Button variant="contained" component={RouterLink} to={ACTIVE_CASES_PATH} startIcon={<ArrowBackIcon />}>
        Back to Active Cases
      </Button>
    </Paper>
  );
}

function CaseView({
  document,
  sheriffCards,
  closurePanel,
  closureButton,
  deadlinesPanel,
}: { document: Document } & CaseDetailPageProps) {
  const [params, setParams] = useSearchParams();
  const { data: user } = useCurrentUser();
  const [revokeOpen, setRevokeOpen] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const requested = params.get('tab');
  const role = user?.role;
  const firmRole = role ? isFirmRole(role) : false;
  const isAssignedSheriff = role === 'sheriff' && user?.id === document.assigned_sheriff_id;
  // The sheriff opens a case to record attempts and issue the return: the Service tab is theirs by default.
  // The closure tab only where the route gives it a panel: a role that can never close a case (the sheriff) gets none.
  const tabs = closurePanel ? CASE_TABS : CASE_TABS.filter((t) => t.value !== 'closure');
  const tab: CaseTab =
    tabs.find((t) => t.value === requested)?.value ?? (isAssignedSheriff ? 'service' : 'documents');
  const tabsRef = useActiveTabVisible(tab);
  const closed = ['completed', 'cancelled', 'archived'].includes(document.status);
  const canChange = firmRole && !closed && !document.is_revoked;
  const priority = priorityChip(document.case_priority);
  const back = caseListOf(document);

  // A block, not an expression: Chromium's scrollTo answers a promise, and an effect may return only a clean-up.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [document.id]);

  return (
    <Box>
      <Button component={RouterLink} to={back.path} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {back.label}
      </Button>
      <NotificationBanner
        open={Boolean(banner)}
        severity="success"
        message={banner}
        onClose={() => setBanner(null)}
      />

      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' }, mb: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
            {document.title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap', gap: 1 }}>
            <Typography color="text.secondary">Case #{document.case_number || document.id}</Typography>
            {/* One clear status: a revoked case reads "Revoked", not "Served" beside it. */}
            {document.is_revoked ? (
              <Chip size="small" color="error" icon={<BlockIcon />} label="Revoked" />
            ) : (
              <Chip size="small" label={statusLabel(document.status)} color={statusColor(document.status)} />
            )}
            {closed ? <Chip size="small" label="Case Closed" variant="outlined" /> : null}
            <Chip size="small" label={priority.label} color={priority.color} variant="outlined" />
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {role === 'firm_admin' && document.served_at && !document.is_revoked ? (
            <Button
              variant="outlined"
              color="error"
              startIcon={<BlockIcon />}
              onClick={() => setRevokeOpen(true)}
            >
              Revoke
            </Button>
          ) : null}
          {/* A revoked document's service no longer stands: there is nothing to close on it. */}
          {document.is_revoked ? null : closureButton ? (
            closureButton(document)
          ) : closurePanel ? (
            <Button variant="contained" onClick={() => setParams({ tab: 'closure' }, { replace: true })}>
              {closed ? 'Case Closed' : 'Case Closure'}
            </Button>
          ) : null}
        </Stack>
      </Stack>

      {document.is_revoked ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          This document was revoked on {formatDateTime(document.revoked_at)}
          {document.revoke_reason ? `: ${reasonInSentence(document.revoke_reason)}` : ''}. Verification
          reports it as revoked and the recipient's link no longer works.
        </Alert>
      ) : null}

      {deadlinesPanel ? deadlinesPanel(document, canChange) : null}

      <Paper variant="outlined" sx={{ mb: 3 }}>
        <Tabs
          ref={tabsRef}
          value={tab}
          onChange={(_, value: CaseTab) => setParams({ tab: value }, { replace: true })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Case sections"
        >
          {tabs.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={t.label}
              id={`case-tab-${t.value}`}
              aria-controls={`case-panel-${t.value}`}
            />
          ))}
        </Tabs>
      </Paper>

      <Box role="tabpanel" id={`case-panel-${tab}`} aria-labelledby={`case-tab-${tab}`}>
        {tab === 'documents' ? (
          <CaseDocumentsTab document={document} canUpload={canChange} canBundle={canChange} />
        ) : null}
        {tab === 'details' ? <CaseDetailsTab document={document} /> : null}
        {tab === 'parties' ? <CasePartiesTab documentId={document.id} /> : null}
        {tab === 'timeline' ? (
          <CaseTimelineTab
            documentId={document.id}
            caseNumber={document.case_number}
            canDownloadCertificate={firmRole || isAssignedSheriff}
          />
        ) : null}
        {tab === 'proof-of-service' ? <ProofOfServiceTab document={document} canGenerate={firmRole} /> : null}
        {tab === 'service' ? (
          <CaseServiceTab
            document={document}
            isFirmRole={firmRole}
            isAssignedSheriff={isAssignedSheriff}
            currentUserId={user?.id ?? null}
            sheriffCards={sheriffCards}
          />
        ) : null}
        {tab === 'closure' && closurePanel ? (
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                Case Closure Management
              </Typography>
              <Box sx={{ maxHeight: 600, overflow: 'auto' }}>{closurePanel(document.id)}</Box>
            </CardContent>
          </Card>
        ) : null}
      </Box>

      <RevokeDocumentDialog
        open={revokeOpen}
        documentId={document.id}
        title={document.title}
        onClose={() => setRevokeOpen(false)}
        onRevoked={setBanner}
      />
    </Box>
  );
}

/** The Details tab (spec 2.10): Case Number, Title, Status, Priority, Created, Client; and the service details. */
function CaseDetailsTab({ document }: { document: Document }) {
  const priority = priorityChip(document.case_priority);
  return (
    <Card>
      <CardContent>
        <Grid container spacing={2.5}>
          <Field label="Case Number" value={document.case_number} />
          <Field label="Title" value={document.title} />
          <Field
            label="Status"
            value={
              <Chip size="small" label={statusLabel(document.status)} color={statusColor(document.status)} />
            }
          />
          <Field
            label="Priority"
            value={<Chip size="small" label={priority.label} color={priority.color} />}
          />
          <Field label="Created" value={formatDateTime(document.created_at)} />
          <Field label="Client" value={document.client_name} />
          <Field label="Case Category" value={document.case_category} />
          <Field label="Document Type" value={docTypeLabel(document)} />
          <Field label="Filed By" value={filedBy(document)} />
          <Field label="Service Date" value={formatDate(document.service_date, 'Not served')} />
          <Field
            label="Legal Representative"
            value={[document.firm?.name, document.assigned_branch?.name].filter(Boolean).join(' · ')}
          />
          <Field label="Digital Service Address" value={document.digital_service_address} />
          <Field label="Assigned Sheriff" value={document.assigned_sheriff?.full_name ?? 'Not assigned'} />
          <Field label="Signed By" value={document.signature_name} />
          <Field
            label="Security ID"
            value={
              document.security_id ? (
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {document.security_id}
                </Box>
              ) : null
            }
          />
        </Grid>
      </CardContent>
    </Card>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body1', wordBreak: 'break-word' }}>{value || 'N/A'}</Box>
    </Grid>
  );
}
