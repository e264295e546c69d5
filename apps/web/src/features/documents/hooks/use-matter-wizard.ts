import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { invalidateDocuments } from '../../../lib/documents-api/documents';
import { citationProblems, citationRoles } from '../utils/citation';
import type { WizardField } from '../utils/submit-issues';
import { isPartyValidForSave } from '../utils/party-rules';
import { isStepFieldsComplete, startStepOf, type ResumeRecord, type Step } from '../utils/wizard-rules';
import type { WizardFeedback, WizardUser } from './matter-wizard/types';
import { useCitation } from './matter-wizard/use-citation';
import { useDraftResume } from './matter-wizard/use-draft-resume';
import { useDraftSave } from './matter-wizard/use-draft-save';
import { useWizardForm } from './matter-wizard/use-wizard-form';
import { useWizardSteps } from './matter-wizard/use-wizard-steps';
import { useWizardSubmit } from './matter-wizard/use-wizard-submit';
import { validateStep } from './matter-wizard/validate-step';
import { useFileStaging } from './use-file-staging';

/** How long after the last keystroke a draft is saved. */
const AUTOSAVE_DELAY_MS = 1500;

type Options = {
  user: WizardUser;
  feedback: WizardFeedback;
  /** ?resume={id}&step={n} */
  resumeId: number | null;
  requestedStep: Step | null;
  onSubmitted: (documentId: number) => void;
};

/** The New Matter wizard's state and its actions (spec 2.2, 2 §4 and §8), composed from its parts. */
export function useMatterWizard({ user, feedback, resumeId, requestedStep, onSubmitted }: Options) {
  const queryClient = useQueryClient();
  const form = useWizardForm(user);
  const staging = useFileStaging({ maxStaged: 50 });
  const draft = useDraftSave({ form, staging, feedback });
  const fileCount = draft.serverFiles.length + staging.counts.pending + staging.counts.uploading;
  const hasFiles = fileCount > 0 || form.hasExistingFile;
  const validate = (step: Step) => validateStep(step, { ...form, hasFiles, fullName: user?.full_name });
  const steps = useWizardSteps(validate, (step) => {
    // The draft is created when step 1 is left complete (or at the first save or upload), never on opening the
    // wizard: an attempt abandoned on step 1 leaves no draft, and from step 2 on the autosave keeps what is typed.
    if (step === 1) void draft.ensureDraft({ ...snapshot, currentStep: 2 });
    // A complete party left in the form on step 3 joins the citation on the way to step 4.
    if (step === 3) builder.takeFormParty();
  });
  const builder = useCitation({ form, documentId: draft.documentId, setErrors: steps.setErrors, feedback });
  // The fields a refused submit named, with the server's message; a field shows it while the message is still listed.
  const [serverFieldErrors, setServerFieldErrors] = useState<Partial<Record<WizardField, string>>>({});
  const fieldError = (field: WizardField): string | undefined => {
    const message = serverFieldErrors[field];
    return message && steps.errors.includes(message) ? message : undefined;
  };
  /** The user changed a field the server named: its message goes. */
  const clearFieldError = (...fields: WizardField[]) => {
    const messages = fields.map(fieldError).filter(Boolean);
    if (messages.length) steps.setErrors(steps.errors.filter((m) => !messages.includes(m)));
  };

  const resume = useDraftResume({
    resumeId,
    requestedStep,
    feedback,
    apply: (record: ResumeRecord, step: Step | null) => {
      const start = startStepOf(record, step);
      draft.setDocumentId(record.documentId);
      form.load(record);
      steps.startAt(start);
      return start;
    },
    startOver: () => steps.startAt(1),
    onPartyLinks: builder.loadLinks,
  });

  const { currentStep } = steps;
  const { caseInfo, partyData, legalRep, signature } = form;
  const snapshot = {
    currentStep,
    caseInfo,
    partyData,
    legalRep,
    signature,
    fileCount: hasFiles ? Math.max(fileCount, 1) : 0,
    citationCount: form.citation.length,
  };
  const stepComplete = isStepFieldsComplete(currentStep, snapshot);

  // Once the draft exists, what the user types is saved a moment after they stop (nothing lost to a logout or a closed tab).
  const autosaveRef = useRef(() => undefined as unknown);
  autosaveRef.current = () => draft.autosave(snapshot);
  const typed = JSON.stringify([caseInfo, partyData, legalRep, signature, currentStep]);
  const lastSaved = useRef<string | null>(null);
  const busyRef = useRef(false);
  useEffect(() => {
    if (!draft.documentId) return;
    if (lastSaved.current === null) {
      // The state the draft was created or loaded with is already on the server.
      lastSaved.current = typed;
      return;
    }
    if (typed === lastSaved.current) return;
    const timer = window.setTimeout(() => {
      // A save or submit under way writes everything itself.
      if (busyRef.current) return;
      lastSaved.current = typed;
      void autosaveRef.current();
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, draft.documentId]);

  const submitter = useWizardSubmit({
    feedback,
    persist: (submit) => draft.persist(submit, snapshot),
    submitProblems: () => {
      const problems = validate(5);
      // The citation needs a party on each side before a document can be served (the server checks it too).
      if (problems.length) return problems;
      return citationProblems(
        citationRoles(form.citation, isPartyValidForSave(form.partyData) ? form.partyData : undefined),
      );
    },
    setErrors: steps.setErrors,
    onRefused: (issues) => {
      steps.showStep(issues.step);
      steps.setErrors(issues.messages);
      setServerFieldErrors(issues.fields);
    },
    onServed: async () => {
      staging.reset();
      await invalidateDocuments(queryClient);
    },
    onSubmitted,
  });

  const busy =
    submitter.saving ||
    submitter.phase !== 'idle' ||
    resume.loadingDraft ||
    submitter.completion !== null ||
    staging.counts.uploading > 0;
  busyRef.current = busy;

  return {
    documentId: draft.documentId,
    currentStep,
    minStep: steps.minStep,
    caseInfo,
    setCaseInfo: form.setCaseInfo,
    partyData,
    setPartyData: form.setPartyData,
    legalRep,
    setLegalRep: form.setLegalRep,
    signature,
    setSignature: form.setSignature,
    hasExistingFile: form.hasExistingFile,
    resumed: resume.resumed,
    citation: form.citation,
    addPartyToCitation: builder.addPartyToCitation,
    removeFromCitation: builder.removeFromCitation,
    errors: steps.errors,
    setErrors: steps.setErrors,
    fieldError,
    clearFieldError,
    saving: submitter.saving,
    phase: submitter.phase,
    busy,
    loadingDraft: resume.loadingDraft,
    loadedNotice: resume.loadedNotice,
    dismissLoadedNotice: resume.dismissLoadedNotice,
    completion: submitter.completion,
    stepComplete,
    staging,
    serverFiles: draft.serverFiles,
    filesLoading: draft.filesLoading,
    next: steps.next,
    previous: steps.previous,
    goTo: steps.goTo,
    editCaseInfo: steps.editCaseInfo,
    saveDraft: async () => {
      if (!stepComplete || busy) return;
      await submitter.saveDraft(currentStep);
    },
    submit: async () => {
      if (busy) return;
      await submitter.submit();
    },
    uploadSelected: () => draft.uploadSelected(snapshot),
  };
}

export type MatterWizard = ReturnType<typeof useMatterWizard>;
