import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import {
  serviceChannelNote,
  serviceChannelOf,
  type ServiceChannelEntry,
} from '@lexserve/contracts/service-channels';

const CHANNEL_SEVERITY: Record<ServiceChannelEntry['channel'], 'info' | 'success' | 'warning'> = {
  sheriff: 'warning',
  electronic_or_sheriff: 'success',
  not_served: 'info',
};

/** How the chosen document type is served, with the rule it rests on (docs/service-rules.md). */
export function ServiceChannelNote({
  documentType,
  onCourtOnline,
}: {
  documentType: string;
  onCourtOnline: boolean;
}) {
  const entry = serviceChannelOf(documentType);
  if (!entry) return null;
  return (
    <Alert
      severity={CHANNEL_SEVERITY[entry.channel]}
      role="note"
      aria-label="How this document is served"
      data-testid="service-channel-note"
    >
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {serviceChannelNote(entry, { onCourtOnline })}
      </Typography>
      <Typography variant="body2">
        {entry.channel === 'electronic_or_sheriff' && onCourtOnline
          ? 'This matter runs on Court Online: serve it there. LexServe does not e-mail documents of a Court Online matter.'
          : entry.explanation}
      </Typography>
      {entry.note ? (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
          {entry.note}
        </Typography>
      ) : null}
    </Alert>
  );
}
