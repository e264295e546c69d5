import type { Document } from '@lexserve/contracts/documents';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isApiRequestError } from '../../../lib/api-client';
import { caseFilesQueryOptions, useCaseFiles } from '../api/case-files';
import { createDocument, getDocument, invalidateDocuments, reasonOf, updateDocument } from '../api/documents';
import { listDocumentParties, partySaveError, saveWizardParty, unlinkParty } from '../api/parties';
import { ensureProof, proofGenerateError } from '../api/proof-of-service';
import {
  PARTY_ALREADY_CITED,
  citationFromForm,
  citationFromLinks,
  citationProblems,
  citationRoles,
  isCited,
  suggestedRole,
  type CitationParty,
} from '../utils/citation';
import { isPartyEmpty, isPartyValidForSave, validatePartyStep, emptyParty, type PartyData } from '../utils/party-rules';
import {
  DRAFT_SAVED_MESSAGES,
  buildDraftMetadata,
  documentFieldsOf,
  emptyCaseInfo,
  emptyLegalRep,
  isStepFieldsComplete,
  resumeRecordFromDocument,
  startStepOf,
  takeResumeRecord,
  validateCaseInfo,
  validateLegalRep,
  validateSignature,
  validateUploadStep,
  type CaseInfo,
  type LegalRepData,
  type ResumeRecord,
  type Step,
} from '../utils/wizard-rules';
import { useFileStaging } from './use-file-staging';

export type WizardFeedback = {
  showLoading: (message: string) => void;
  hideLoading: () => void;
  showSuccess: (message: string) => void;
  showError: (message: string) => void;
};

export type WizardUser = { full_name?: string | null; email?: string | null } | undefined;

export type SubmitPhase = 'idle' | 'submitting' | 'proof';

export type Completion = { documentId: number; proofError: string | null; served: boolean };

export const DRAFT_LOADED_NOTICE_MS = 5000;
export const REDIRECT_AFTER_SUBMIT_MS = 2000;

type Options = {
  user: WizardUser;
  feedback: WizardFeedback;
  /** ?resume={id}&step={n} */
  resumeId: number | null;
  requestedStep: Step | null;
  onSubmitted: (documentId: number) => void;
};

/** The New Matter wizard's state and its actions (spec 2.2, 2 §4 and §8). */
export function useMatterWizard({ user, feedback, resumeId, requestedStep, onSubmitted }: Options) {
  const queryClient = useQueryClient();
  const [documentId, setDocumentId] = useState<number | null>(null);
  const [currentStep, setCurrentStep] = useState<Step>(1);
  const [minStep, setMinStep] = useState<Step>(1);
  const [caseInfo, setCaseInfo] = useState<CaseInfo>(() => emptyCaseInfo(user));
  const [partyData, setPartyData] = useState<PartyData>(() => emptyParty());
  const [legalRep, setLegalRep] = useState<LegalRepData>(() => emptyLegalRep());
  const [signature, setSignature] = useState('');
  const [hasExistingFile, setHasExistingFile] = useState(false);
  /** The citation: parties with their roles (step 3); linked ones carry their party id. */
  const [citation, setCitation] = useState<CitationParty[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [loadingDraft, setLoadingDraft] = useState(false);
  const [loadedNotice, setLoadedNotice] = useState<Step | null>(null);
  const [completion, setCompletion] = useState<Completion | null>(null);
  /** The wizard continues a saved draft (rather than a matter started here). */
  const [resumed, setResumed] = useState(false);
  const staging = useFileStaging({ maxStaged: 50 });
  const files = useCaseFiles(documentId);
  const serverFiles = useMemo(() => files.data?.files.filter((f) => !f.is_bundle) ?? [], [files.data]);

  // The attorney fields are prefilled from the signed-in user once it is known.
  useEffect(() => {
    if (!user) return;
    setCaseInfo((info) => ({
      ...info,
      attorneyName: info.attorneyName || (user.full_name ?? ''),
      attorneyEmail: info.attorneyEmail || (user.email ?? ''),
    }));
  }, [user]);

  const applyRecord = useCallback(
    (record: ResumeRecord, step: Step | null) => {
      const start = startStepOf(record, step);
      setDocumentId(record.documentId);
      setCaseInfo({
        ...record.caseInfo,
        attorneyName: record.caseInfo.attorneyName || (user?.full_name ?? ''),
        attorneyEmail: record.caseInfo.attorneyEmail || (user?.email ?? ''),
      });
      setPartyData(record.partyData);
      setLegalRep(record.legalRepData);
      setSignature(record.signature);
      setHasExistingFile(record.hasExistingFile);
      setCurrentStep(start);
      setMinStep(start);
      setErrors([]);
      setLoadedNotice(start);
      setResumed(true);
    },
    [user],
  );

  // Resume (spec 2 §4): a fresh resume record is used once; otherwise the draft is loaded from the server.
  useEffect(() => {
    if (!resumeId) return;
    let cancelled = false;
    const record = takeResumeRecord(resumeId);
    if (record) {
      applyRecord(record, requestedStep);
    } else {
      setLoadingDraft(true);
      feedback.showLoading('Loading draft information...');
      getDocument(resumeId)
        .then((doc) => {
          if (!cancelled) applyRecord(resumeRecordFromDocument(doc), requestedStep);
        })
        .catch(() => {
          if (cancelled) return;
          feedback.showError('Failed to load draft information. Resuming from beginning.');
          setCurrentStep(1);
          setMinStep(1);
        })
        .finally(() => {
          if (cancelled) return;
          setLoadingDraft(false);
          feedback.hideLoading();
        });
    }
    listDocumentParties(resumeId)
      .then((links) => {
        if (cancelled) return;
        const items = citationFromLinks(links);
        setCitation(items);
        // An empty form offers the side the citation still lacks.
        if (items.length) setPartyData((form) => (isPartyEmpty(form) ? { ...form, role: suggestedRole(items) } : form));
      })
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

  const fileCount = serverFiles.length + staging.counts.pending + staging.counts.uploading;
  const hasFiles = fileCount > 0 || hasExistingFile;
  const snapshot = {
    currentStep,
    caseInfo,
    partyData,
    legalRep,
    signature,
    fileCount: hasFiles ? Math.max(fileCount, 1) : 0,
    citationCount: citation.length,
  };
  const stepComplete = isStepFieldsComplete(currentStep, snapshot);
  const busy = saving || phase !== 'idle' || loadingDraft || completion !== null || staging.counts.uploading > 0;

  const validate = (step: Step): string[] => {
    switch (step) {
      case 1:
        return validateCaseInfo(caseInfo);
      case 2:
        return validateUploadStep(hasFiles);
      case 3: {
        // A party being entered must be complete; then the citation needs a party on each side (PRODUCT-DECISIONS).
        if (!isPartyEmpty(partyData)) {
          const problems = validatePartyStep(partyData);
          if (problems.length) return problems;
          if (isCited(citation, partyData)) return [PARTY_ALREADY_CITED];
        }
        return citationProblems(citationRoles(citation, partyData));
      }
      case 4:
        return validateLegalRep(legalRep);
      case 5:
        return validateSignature(user?.full_name, signature);
    }
  };

  const next = () => {
    const problems = validate(currentStep);
    setErrors(problems);
    if (problems.length) return;
    // A complete party left in the form joins the citation on the way to the next step.
    if (currentStep === 3 && !isPartyEmpty(partyData)) {
      setCitation((list) => [...list, citationFromForm(partyData)]);
      setPartyData(emptyParty());
    }
    setCurrentStep((step) => Math.min(5, step + 1) as Step);
  };

  /** "Add to Citation": the party in the form, checked with the step 3 rules, joins the citation; the form is emptied. */
  const addPartyToCitation = (): boolean => {
    const problems = validatePartyStep(partyData);
    if (!problems.length && isCited(citation, partyData)) problems.push(PARTY_ALREADY_CITED);
    setErrors(problems);
    if (problems.length) return false;
    const updated = [...citation, citationFromForm(partyData)];
    setCitation(updated);
    setPartyData(emptyParty('individual', suggestedRole(updated)));
    return true;
  };

  /** Removes a party from the citation; one already linked to the draft is unlinked on the server. */
  const removeFromCitation = async (key: string) => {
    const item = citation.find((c) => c.key === key);
    if (!item) return;
    if (item.partyId && documentId) {
      try {
        await unlinkParty(documentId, item.partyId);
        await invalidateDocuments(queryClient);
      } catch (error) {
        feedback.showError(`Failed to remove the party: ${reasonOf(error)}`);
        return;
      }
    }
    setCitation((list) => list.filter((c) => c.key !== key));
  };
  const previous = () => {
    setErrors([]);
    setCurrentStep((step) => Math.max(minStep, step - 1) as Step);
  };
  const goTo = (step: Step) => {
    if (step < minStep || step > currentStep) return;
    setErrors([]);
    setCurrentStep(step);
  };
  /** "← Edit Case Info": back to step 1, which is shown again. */
  const editCaseInfo = () => {
    setErrors([]);
    setMinStep(1);
    setCurrentStep(1);
  };

  /** Save sequence part 1: the draft document, created once. */
  const ensureDocument = async (): Promise<number> => {
    if (documentId) return documentId;
    const doc = await createDocument({
      ...documentFieldsOf(caseInfo, legalRep),
      draft_metadata: buildDraftMetadata({ ...snapshot, fileNames: [] }),
    });
    setDocumentId(doc.id);
    return doc.id;
  };

  const refreshFiles = async (id: number) => {
    await invalidateDocuments(queryClient);
    const list = await queryClient.fetchQuery(caseFilesQueryOptions(id)).catch(() => null);
    return list?.files.filter((f) => !f.is_bundle);
  };

  /** "Upload Selected (n)": creates the draft first when needed. */
  const uploadSelected = async () => {
    let id: number;
    try {
      id = await ensureDocument();
    } catch (error) {
      feedback.showError(`Document creation failed: ${reasonOf(error)}`);
      return;
    }
    const outcome = await staging.upload(id, 'selected');
    if (outcome.uploaded.length) {
      setHasExistingFile(true);
      await refreshFiles(id);
    }
  };

  /**
   * The draft save sequence (spec 2 §4): create the document if needed, upload the files, save and link
   * the party, update the document, fetch it again. `submit` sends status served with today's service date.
   */
  const persist = async (submit: boolean): Promise<{ doc: Document; uploadFailed: boolean } | null> => {
    let id: number;
    try {
      id = await ensureDocument();
    } catch (error) {
      feedback.showError(`Document creation failed: ${reasonOf(error)}`);
      return null;
    }

    let uploadFailed = false;
    if (staging.counts.pending > 0) {
      const outcome = await staging.upload(id, 'pending', !submit);
      uploadFailed = outcome.failed > 0;
      if (outcome.uploaded.length) setHasExistingFile(true);
    }
    const latestFiles = (await refreshFiles(id)) ?? serverFiles;

    // Save part 3: a party complete enough to save joins the citation; every party not yet linked is saved and linked.
    let items = citation;
    if (!isPartyEmpty(partyData) && isPartyValidForSave(partyData) && !isCited(citation, partyData)) {
      items = [...items, citationFromForm(partyData)];
      setPartyData(emptyParty('individual', suggestedRole(items)));
    }
    const saved: CitationParty[] = [];
    for (const [index, item] of items.entries()) {
      if (item.partyId || !item.data) {
        saved.push(item);
        continue;
      }
      try {
        const party = await saveWizardParty(id, item.data, { isPrimary: index === 0 });
        saved.push({ ...item, partyId: party.id });
      } catch (error) {
        saved.push(item);
        feedback.showError(partySaveError(error));
      }
    }
    setCitation(saved);

    const count = latestFiles.length || (hasExistingFile ? 1 : 0);
    const metadata = buildDraftMetadata({
      ...snapshot,
      citationCount: saved.length,
      fileCount: count,
      fileNames: latestFiles.map((f) => f.filename),
      parties: saved.map((c) => ({ party_id: c.partyId, role: c.role, name: c.name })),
    });
    const body = {
      ...documentFieldsOf(caseInfo, legalRep),
      signature_name: signature || null,
      draft_metadata: metadata,
      ...(submit ? { status: 'served', service_date: new Date().toISOString() } : {}),
    };
    if (submit) {
      await updateDocument(id, body);
    } else {
      try {
        await updateDocument(id, body);
      } catch (error) {
        feedback.showError(`Failed to save draft: ${reasonOf(error)}`);
        return null;
      }
    }
    if (uploadFailed) feedback.showError('Draft saved but file upload failed. Please try uploading files again.');
    const doc = await getDocument(id).catch(() => null);
    await invalidateDocuments(queryClient);
    return { doc: doc ?? ({ id, status: submit ? 'served' : 'draft' } as Document), uploadFailed };
  };

  const saveDraft = async () => {
    if (!stepComplete || busy) return;
    setSaving(true);
    feedback.showLoading('Processing...');
    try {
      const saved = await persist(false);
      if (saved && !saved.uploadFailed) feedback.showSuccess(DRAFT_SAVED_MESSAGES[currentStep]);
    } finally {
      setSaving(false);
      feedback.hideLoading();
    }
  };

  const submit = async () => {
    if (busy) return;
    const problems = validate(5);
    // The citation needs a party on each side before a document can be served (the server checks it too).
    if (!problems.length) problems.push(...citationProblems(citationRoles(citation, isPartyValidForSave(partyData) ? partyData : undefined)));
    setErrors(problems);
    if (problems.length) return;
    setPhase('submitting');
    feedback.showLoading('Processing...');
    let doc: Document | null;
    try {
      doc = (await persist(true))?.doc ?? null;
    } catch (error) {
      const details = isApiRequestError(error) && error.status === 422 && Array.isArray(error.detail) ? error.detail.map((d) => d.msg) : [];
      setErrors(details);
      feedback.showError('Failed to submit document. Please try again.');
      setPhase('idle');
      feedback.hideLoading();
      return;
    }
    if (!doc) {
      setPhase('idle');
      feedback.hideLoading();
      return;
    }
    if (doc.status !== 'served') {
      setPhase('idle');
      feedback.hideLoading();
      feedback.showError('Document was created but may need additional processing.');
      return;
    }
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
    staging.reset();
    setCompletion({ documentId: doc.id, proofError, served: true });
    await invalidateDocuments(queryClient);
    if (proofError) {
      feedback.showError(proofError);
      return;
    }
    feedback.showSuccess('Document submitted successfully! Redirecting to case view...');
    window.setTimeout(() => onSubmitted(doc.id), REDIRECT_AFTER_SUBMIT_MS);
  };

  return {
    documentId,
    currentStep,
    minStep,
    caseInfo,
    setCaseInfo,
    partyData,
    setPartyData,
    legalRep,
    setLegalRep,
    signature,
    setSignature,
    hasExistingFile,
    resumed,
    citation,
    addPartyToCitation,
    removeFromCitation,
    errors,
    setErrors,
    saving,
    phase,
    busy,
    loadingDraft,
    loadedNotice,
    dismissLoadedNotice: () => setLoadedNotice(null),
    completion,
    stepComplete,
    staging,
    serverFiles,
    filesLoading: files.isLoading,
    next,
    previous,
    goTo,
    editCaseInfo,
    saveDraft,
    submit,
    uploadSelected,
  };
}

export type MatterWizard = ReturnType<typeof useMatterWizard>;
