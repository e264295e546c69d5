import type { Document } from '@lexserve/contracts/documents';
import { useState } from 'react';
import { ensureProof, proofGenerateError } from '../../../../lib/documents-api/proof-of-service';
import { submitIssuesOf, type SubmitIssues } from '../../utils/submit-issues';
import { DRAFT_SAVED_MESSAGES, type Step } from '../../utils/wizard-rules';
import type { WizardFeedback } from './types';
import type { SavedDraft } from './use-draft-save';

const REDIRECT_AFTER_SUBMIT_MS = 2000;

type SubmitPhase = 'idle' | 'submitting' | 'proof';

export type Completion = { documentId: number; proofError: string | null; served: boolean };

type Options = {
  feedback: WizardFeedback;
  persist: (submit: boolean) => Promise<SavedDraft | null>;
  /** The messages that keep the matter from being submitted (step 5's checks and a party). */
  submitProblems: () => string[];
  setErrors: (errors: string[]) => void;
  /** The server refused the submit field by field (a 422): show where. */
  onRefused: (issues: SubmitIssues) => void;
  /** After a submit: the staged files are cleared and the cached documents refreshed. */
  onServed: () => Promise<void>;
  onSubmitted: (documentId: number) => void;
};

/** 'Save Draft' and 'Submit' (spec 2 §4 and §8): the save sequence, then for a submit the proof of service and the case. */
export function useWizardSubmit({
  feedback,
  persist,
  submitProblems,
  setErrors,
  onRefused,
  onServed,
  onSubmitted,
}: Options) {
  const [saving, setSaving] = useState(false);
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [completion, setCompletion] = useState<Completion | null>(null);

  const saveDraft = async (step: Step) => {
    setSaving(true);
    feedback.showLoading('Processing...');
    try {
      const saved = await persist(false);
      if (saved && !saved.uploadFailed) feedback.showSuccess(DRAFT_SAVED_MESSAGES[step]);
    } finally {
      setSaving(false);
      feedback.hideLoading();
    }
  };

  const stop = (error?: string) => {
    setPhase('idle');
    feedback.hideLoading();
    if (error) feedback.showError(error);
  };

  const submit = async () => {
    const problems = submitProblems();
    setErrors(problems);
    if (problems.length) return;
    setPhase('submitting');
    feedback.showLoading('Processing...');
    let doc: Document | null;
    try {
      doc = (await persist(true))?.doc ?? null;
    } catch (error) {
      const issues = submitIssuesOf(error);
      if (issues) onRefused(issues);
      else setErrors([]);
      feedback.showError('Failed to submit document. Please try again.');
      return stop();
    }
    if (!doc) return stop();
    if (doc.status === 'assigned' && doc.submitted_at) {
      // Initiating process: with the sheriff now; the return of service will be its proof.
      feedback.hideLoading();
      setPhase('idle');
      setCompletion({ documentId: doc.id, proofError: null, served: false });
      await onServed();
      feedback.showSuccess(
        `Document submitted: it is with Sheriff ${doc.assigned_sheriff?.full_name ?? ''} for service. Redirecting to case view...`,
      );
      const documentId = doc.id;
      window.setTimeout(() => onSubmitted(documentId), REDIRECT_AFTER_SUBMIT_MS);
      return;
    }
    if (doc.status !== 'served') return stop('Document was created but may need additional processing.');
    setPhase('proof');
    feedback.showLoading('Generating Proof...');
    let proofError: string | null = null;
    try {
      await ensureProof(doc.id);
    } catch (error) {
      proofError = `Document completed successfully, but failed to generate proof of service: ${proofGenerateError(error)}`;
    }
    feedback.hideLoading();
    setPhase('idle');
    setCompletion({ documentId: doc.id, proofError, served: true });
    await onServed();
    if (proofError) return feedback.showError(proofError);
    feedback.showSuccess('Document submitted successfully! Redirecting to case view...');
    const documentId = doc.id;
    window.setTimeout(() => onSubmitted(documentId), REDIRECT_AFTER_SUBMIT_MS);
  };

  return { saving, phase, completion, saveDraft, submit };
}
