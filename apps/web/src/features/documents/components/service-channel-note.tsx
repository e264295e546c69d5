import {
  serviceChannelNote,
  serviceChannelOf,
  type ServiceChannelEntry,
} from '@lexserve/contracts/service-channels';
import './new-matters.css';
import { Alert } from '../../../components/plain/alert';

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
      ariaLabel="How this document is served"
      testId="service-channel-note"
    >
      <p className="ls-p ls-body2 ls-wizard__strong">{serviceChannelNote(entry, { onCourtOnline })}</p>
      <p className="ls-p ls-body2">
        {entry.channel === 'electronic_or_sheriff' && onCourtOnline
          ? 'This matter runs on Court Online: serve it there. LexServe does not e-mail documents of a Court Online matter.'
          : entry.explanation}
      </p>
      {entry.note ? <p className="ls-p ls-caption ls-muted ls-wizard__note-more">{entry.note}</p> : null}
    </Alert>
  );
}
