import type { PartyLink } from '@lexserve/contracts/parties';
import { useEffect, useState } from 'react';
import { getDocument } from '../../../../lib/documents-api/documents';
import { listDocumentParties } from '../../../../lib/documents-api/parties';
import {
  resumeRecordFromDocument,
  takeResumeRecord,
  type ResumeRecord,
  type Step,
} from '../../utils/wizard-rules';
import type { WizardFeedback } from './types';

const DRAFT_LOADED_NOTICE_MS = 5000;

type Options = {
  /** ?resume={id}&step={n} */
  resumeId: number | null;
  requestedStep: Step | null;
  feedback: WizardFeedback;
  /** Fills the wizard from the draft and answers the step it continues from. */
  apply: (record: ResumeRecord, requestedStep: Step | null) => Step;
  /** The draft could not be loaded: the wizard starts over. */
  startOver: () => void;
  /** The parties linked to the draft on the server (its citation). */
  onPartyLinks: (links: PartyLink[]) => void;
};

/**
 * Resume (spec 2 §4): a fresh resume record is used once; otherwise the draft is loaded from the server. Says
 * 'Draft loaded!' for a few seconds afterwards.
 */
export function useDraftResume({
  resumeId,
  requestedStep,
  feedback,
  apply,
  startOver,
  onPartyLinks,
}: Options) {
  const [loadingDraft, setLoadingDraft] = useState(false);
  const [loadedNotice, setLoadedNotice] = useState<Step | null>(null);
  /** The wizard continues a saved draft (rather than a matter started here). */
  const [resumed, setResumed] = useState(false);

  useEffect(() => {
    if (!resumeId) return;
    let cancelled = false;
    const resume = (record: ResumeRecord) => {
      setLoadedNotice(apply(record, requestedStep));
      setResumed(true);
    };
    const record = takeResumeRecord(resumeId);
    if (record) {
      resume(record);
    } else {
      setLoadingDraft(true);
      feedback.showLoading('Loading draft information...');
      getDocument(resumeId)
        .then((doc) => {
          if (!cancelled) resume(resumeRecordFromDocument(doc));
        })
        .catch(() => {
          if (cancelled) return;
          feedback.showError('Failed to load draft information. Resuming from beginning.');
          startOver();
        })
        .finally(() => {
          if (cancelled) return;
          setLoadingDraft(false);
          feedback.hideLoading();
        });
    }
    listDocumentParties(resumeId)
      .then((links) => !cancelled && onPartyLinks(links))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // Only a new resume id starts a new load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resumeId]);

  useEffect(() => {
    if (loadedNotice === null) return;
    const timer = window.setTimeout(() => setLoadedNotice(null), DRAFT_LOADED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [loadedNotice]);

  return { loadingDraft, loadedNotice, dismissLoadedNotice: () => setLoadedNotice(null), resumed };
}
