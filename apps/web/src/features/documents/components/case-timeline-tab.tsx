import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlined';
import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import BlockIcon from '@mui/icons-material/Block';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DirectionsRunIcon from '@mui/icons-material/DirectionsRun';
import DownloadDoneIcon from '@mui/icons-material/DownloadDone';
import DownloadIcon from '@mui/icons-material/Download';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import DraftsOutlinedIcon from '@mui/icons-material/DraftsOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MergeTypeIcon from '@mui/icons-material/MergeType';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  auditCertificateFileName,
  type TimelineEvent,
  type TrailVerification,
} from '@lexserve/contracts/documents';
import { useMemo, useState, type ReactElement } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { formatDateTime, formatLongDateTime } from '../../../lib/format';
import {
  CASE_PAGE_TIMELINE_LIMIT,
  auditCertificateError,
  downloadAuditCertificate,
  useTimeline,
  useTrailVerification,
} from '../api/timeline';
import { relativeTime, titleCase } from '../utils/document-display';
import { saveBlob } from '../../../lib/save-blob';

const ICONS: Record<string, ReactElement> = {
  created: <AddCircleOutlineIcon />,
  updated: <EditOutlinedIcon />,
  assigned: <AssignmentIndOutlinedIcon />,
  status_changed: <SwapHorizIcon />,
  file_uploaded: <UploadFileOutlinedIcon />,
  file_deleted: <DeleteOutlinedIcon />,
  party_added: <PersonAddAlt1OutlinedIcon />,
  party_removed: <PersonRemoveOutlinedIcon />,
  comment_added: <ChatBubbleOutlineIcon />,
  system_event: <SettingsOutlinedIcon />,
  bundle_created: <MergeTypeIcon />,
  service_attempt: <DirectionsRunIcon />,
  proof_generated: <VerifiedOutlinedIcon />,
  delivery_sent: <SendOutlinedIcon />,
  delivery_opened: <DraftsOutlinedIcon />,
  delivery_downloaded: <DownloadDoneIcon />,
  delivery_fresh_link_requested: <ForwardToInboxOutlinedIcon />,
  revoked: <BlockIcon />,
};
/** An icon by event type; any other type gets a default icon (spec 2 §4). */
const timelineIcon = (type: string): ReactElement => ICONS[type] ?? <EventNoteOutlinedIcon />;

/** The system account's id: its name is not shown as a performer. */
const SYSTEM_USER_ID = 1;

const metadataValue = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

type CaseTimelineTabProps = {
  documentId: number;
  caseNumber?: string | null;
  /** The firm's people and the assigned sheriff (the server refuses the system administrator). */
  canDownloadCertificate?: boolean;
};

/** The Timeline tab, "Document Timeline" (spec 2.10), with the tamper-evident trail's status and audit certificate. */
export function CaseTimelineTab({
  documentId,
  caseNumber = null,
  canDownloadCertificate = true,
}: CaseTimelineTabProps) {
  const [types, setTypes] = useState<string[]>([]);
  const [includeSystem, setIncludeSystem] = useState(true);
  // The type list is built from the distinct types present, independent of the type filter.
  const unfiltered = useTimeline(documentId, {
    limit: CASE_PAGE_TIMELINE_LIMIT,
    includeSystemEvents: includeSystem,
  });
  const filtered = useTimeline(documentId, {
    limit: CASE_PAGE_TIMELINE_LIMIT,
    includeSystemEvents: includeSystem,
    eventTypes: types,
  });
  const timeline = types.length ? filtered : unfiltered;
  const available = useMemo(
    () => [...new Set((unfiltered.data ?? []).map((e) => e.event_type))].sort(),
    [unfiltered.data],
  );
  const events = timeline.data ?? [];
  const trail = useTrailVerification(documentId);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const downloadCertificate = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      saveBlob(
        await downloadAuditCertificate(documentId),
        auditCertificateFileName({ id: documentId, case_number: caseNumber }),
      );
    } catch (error) {
      setDownloadError(auditCertificateError(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', lg: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', mb: 2 }}
      >
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h3">
              Document Timeline
            </Typography>
            <Chip
              size="small"
              color="primary"
              label={`${events.length} event${events.length === 1 ? '' : 's'}`}
            />
            {trail.data ? <TrailStatus trail={trail.data} /> : null}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Chronological history of all document events
          </Typography>
        </Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ alignItems: { sm: 'center' }, gap: 1.5, flexWrap: 'wrap' }}
        >
          <TextField
            select
            size="small"
            label="Event Types"
            value={types}
            sx={{ width: { sm: 200 }, flexShrink: 0 }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) =>
                  (selected as string[]).length ? `${(selected as string[]).length} selected` : 'All Events',
                displayEmpty: true,
              },
              inputLabel: { shrink: true },
            }}
            onChange={(event) => setTypes(event.target.value as unknown as string[])}
          >
            {available.map((type) => (
              <MenuItem key={type} value={type}>
                <Checkbox size="small" checked={types.includes(type)} />
                <ListItemText primary={titleCase(type)} />
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox checked={includeSystem} onChange={(e) => setIncludeSystem(e.target.checked)} />
            }
            label="Include System Events"
            sx={{ whiteSpace: 'nowrap', mr: 0 }}
          />
          <Button
            startIcon={<RefreshIcon />}
            onClick={() => {
              void timeline.refetch();
              void trail.refetch();
            }}
            disabled={timeline.isFetching}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            Refresh
          </Button>
          {canDownloadCertificate ? (
            <Button
              variant="outlined"
              startIcon={downloading ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
              onClick={() => void downloadCertificate()}
              disabled={downloading}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Download audit certificate
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {downloadError ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setDownloadError(null)}>
          {downloadError}
        </Alert>
      ) : null}

      <QueryState
        query={timeline}
        loading={
          <Stack spacing={1.5} role="status" aria-label="Loading timeline">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={90} />
            ))}
          </Stack>
        }
        errorMessage="Failed to load document timeline"
        isEmpty={() => events.length === 0}
        empty={
          <EmptyState
            title="No events found"
            description={
              types.length
                ? 'No events of the selected types.'
                : 'Events will appear here as the case progresses.'
            }
          />
        }
      >
        {() => (
          <Box
            component="ol"
            sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative' }}
            aria-label="Timeline events"
          >
            {events.map((event) => (
              <TimelineCard key={event.id} event={event} />
            ))}
          </Box>
        )}
      </QueryState>
    </Box>
  );
}

/** "Demo Attorneys Inc." for a firm's people, "Sheriff" for a sheriff, "LexServe administrator"; nothing when unknown. */
const performerAffiliation = (p: NonNullable<TimelineEvent['performed_by']>): string | null => {
  if (p.role === 'sheriff') return 'Sheriff';
  if (p.role === 'system_admin') return 'LexServe administrator';
  return p.firm_name || null;
};

/** "Trail intact ✓" or "Trail broken at event #N", with the head hash and the latest time-stamp on hover. */
function TrailStatus({ trail }: { trail: TrailVerification }) {
  const anchored = trail.anchored
    ? `Time-stamped ${formatLongDateTime(trail.anchored.at)}${trail.anchored.authority ? ` by ${trail.anchored.authority}` : ''}.`
    : 'Not time-stamped yet: trails are time-stamped every night.';
  const details = trail.intact
    ? `All ${trail.events} events check out. Head hash ${trail.head_hash ?? 'none'}. ${anchored}`
    : `${trail.problem ?? 'An event does not check out.'} ${anchored}`;
  return (
    <Tooltip title={details} describeChild>
      <Chip
        size="small"
        variant="outlined"
        color={trail.intact ? 'success' : 'error'}
        icon={trail.intact ? <VerifiedOutlinedIcon /> : <BlockIcon />}
        label={
          trail.intact ? 'Trail intact ✓' : `Trail broken at event #${trail.first_broken_event_id ?? '?'}`
        }
        tabIndex={0}
      />
    </Tooltip>
  );
}

function TimelineCard({ event }: { event: TimelineEvent }) {
  const performer =
    event.performed_by && event.performed_by.id !== SYSTEM_USER_ID ? event.performed_by : null;
  const metadata = Object.entries(event.event_metadata ?? {});
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2, pb: 2, position: 'relative' }}>
      <Avatar
        sx={{ bgcolor: event.is_system_event ? 'grey.500' : 'primary.main', width: 40, height: 40 }}
        aria-hidden
      >
        {timelineIcon(event.event_type)}
      </Avatar>
      <Card sx={{ flex: 1, minWidth: 0 }}>
        <CardContent sx={{ pb: '12px !important' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
            <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
              {titleCase(event.event_type)}
            </Typography>
            {event.is_system_event ? <Chip size="small" label="System" variant="outlined" /> : null}
            <Box sx={{ flex: 1 }} />
            <Tooltip title={formatLongDateTime(event.created_at)}>
              <Typography
                variant="caption"
                color="text.secondary"
                component="time"
                dateTime={event.created_at}
                tabIndex={0}
              >
                {relativeTime(event.created_at, formatDateTime)}
              </Typography>
            </Tooltip>
          </Stack>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {event.event_description || 'No description available'}
          </Typography>
          {performer ? (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              By {performer.full_name || performer.email}
              {performerAffiliation(performer) ? ` (${performerAffiliation(performer)})` : ''}
            </Typography>
          ) : null}
          {metadata.length ? (
            <Accordion
              disableGutters
              elevation={0}
              sx={{ mt: 1, bgcolor: 'transparent', '&::before': { display: 'none' } }}
            >
              <AccordionSummary
                expandIcon={<ExpandMoreIcon />}
                sx={{ px: 0, minHeight: 32, '& .MuiAccordionSummary-content': { my: 0 } }}
              >
                <Typography variant="caption" sx={{ fontWeight: 600 }}>
                  Additional Details
                </Typography>
              </AccordionSummary>
              <AccordionDetails sx={{ px: 0, pt: 0 }}>
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                    columnGap: 2,
                    rowGap: 0.5,
                  }}
                >
                  {metadata.map(([key, value]) => (
                    <Box key={key} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="caption" color="text.secondary">
                        {titleCase(key)}
                      </Typography>
                      <Typography
                        component="dd"
                        variant="caption"
                        sx={{
                          m: 0,
                          wordBreak: 'break-word',
                          fontFamily: typeof value === 'object' && value ? 'monospace' : undefined,
                        }}
                      >
                        {metadataValue(value)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </AccordionDetails>
            </Accordion>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
