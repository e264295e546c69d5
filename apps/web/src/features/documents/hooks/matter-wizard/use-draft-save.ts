import type { Document } from '@lexserve/contracts/documents';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { caseFilesQueryOptions, useCaseFiles } from '../../api/case-files';
import {
  createDocument,
  getDocument,
  invalidateDocuments,
  reasonOf,
  updateDocument,
} from '../../../../lib/documents-api/documents';
import { buildDraftMetadata, documentFieldsOf, type WizardSnapshot } from '../../utils/wizard-rules';
import type { FileStaging } from '../use-file-staging';
import type { WizardFeedback } from './types';
import type { WizardForm } from './use-wizard-form';
import { saveCitation } from './save-citation';

export type SavedDraft = { doc: Document; uploadFailed: boolean };

/**
 * The draft on the server: created once, its files uploaded and listed, its citation saved and linked, and its
 * fields updated (the save sequence of spec 2 §4). Every step reads the wizard's state as it is at the call.
 */
export function useDraftSave({
  form,
  staging,
  feedback,
}: {
  form: WizardForm;
  staging: FileStaging;
  feedback: WizardFeedback;
}) {
  const queryClient = useQueryClient();
  const [documentId, setDocumentIdState] = useState<number | null>(null);
  // The id and a creation under way live in refs too: calls made from one render (an upload, then a save, or an
  // autosave) see the draft the first one created, so one attempt never makes two drafts.
  const idRef = useRef<number | null>(null);
  const creating = useRef<Promise<number | null> | null>(null);
  const setDocumentId = (id: number | null) => {
    idRef.current = id;
    setDocumentIdState(id);
  };
  const files = useCaseFiles(documentId);
  const serverFiles = useMemo(() => files.data?.files.filter((f) => !f.is_bundle) ?? [], [files.data]);

  /** Save sequence part 1: the draft document, created once per attempt and reused. */
  const ensureDocument = (snapshot: WizardSnapshot): Promise<number | null> => {
    if (idRef.current) return Promise.resolve(idRef.current);
    creating.current ??= createDocument({
      ...documentFieldsOf(form.caseInfo, form.legalRep),
      draft_metadata: buildDraftMetadata({ ...snapshot, fileNames: [] }),
    })
      .then((doc) => {
        setDocumentId(doc.id);
        return doc.id;
      })
      .catch((error: unknown) => {
        feedback.showError(`Document creation failed: ${reasonOf(error)}`);
        return null;
      })
      .finally(() => {
        creating.current = null;
      });
    return creating.current;
  };

  const refreshFiles = async (id: number) => {
    await invalidateDocuments(queryClient);
    const list = await queryClient.fetchQuery(caseFilesQueryOptions(id)).catch(() => null);
    return list?.files.filter((f) => !f.is_bundle);
  };

  /** "Upload Selected (n)": creates the draft first when needed. */
  const uploadSelected = async (snapshot: WizardSnapshot) => {
    const id = await ensureDocument(snapshot);
    if (id === null) return;
    const outcome = await staging.upload(id, 'selected');
    if (outcome.uploaded.length) {
      form.setHasExistingFile(true);
      await refreshFiles(id);
    }
  };

  /**
   * The whole sequence: create the document if needed, upload the staged files, save and link the citation, update
   * the document, fetch it again. `submit` sends status served with today's service date, and lets a failed update
   * throw; a draft save reports it and answers null.
   */
  const persist = async (submit: boolean, snapshot: WizardSnapshot): Promise<SavedDraft | null> => {
    const id = await ensureDocument(snapshot);
    if (id === null) return null;
    let uploadFailed = false;
    if (staging.counts.pending > 0) {
      const outcome = await staging.upload(id, 'pending', !submit);
      uploadFailed = outcome.failed > 0;
      if (outcome.uploaded.length) form.setHasExistingFile(true);
    }
    const latestFiles = (await refreshFiles(id)) ?? serverFiles;
    const citation = await saveCitation(id, form, feedback);
    const fileCount = latestFiles.length || (form.hasExistingFile ? 1 : 0);
    const metadata = buildDraftMetadata({
      ...snapshot,
      citationCount: citation.length,
      fileCount,
      fileNames: latestFiles.map((f) => f.filename),
      parties: citation.map((c) => ({ party_id: c.partyId, role: c.role, name: c.name })),
    });
    const body = {
      ...documentFieldsOf(form.caseInfo, form.legalRep),
      signature_name: form.signature || null,
      draft_metadata: metadata,
      ...(submit ? { status: 'served', service_date: new Date().toISOString() } : {}),
    };
    try {
      await updateDocument(id, body);
    } catch (error) {
      if (submit) throw error;
      feedback.showError(`Failed to save draft: ${reasonOf(error)}`);
      return null;
    }
    if (uploadFailed)
      feedback.showError('Draft saved but file upload failed. Please try uploading files again.');
    const doc = await getDocument(id).catch(() => null);
    await invalidateDocuments(queryClient);
    return { doc: doc ?? ({ id, status: submit ? 'served' : 'draft' } as Document), uploadFailed };
  };

  /**
   * Autosave: the current fields and the wizard's progress onto the draft that already exists, quietly (no upload, no
   * citation save, no message); a failure is left for the next save. Never creates a draft.
   */
  const autosave = async (snapshot: WizardSnapshot): Promise<void> => {
    const id = idRef.current;
    if (!id || creating.current) return;
    const linked = form.citation.filter((c) => c.partyId !== null);
    const metadata = buildDraftMetadata({
      ...snapshot,
      fileNames: serverFiles.map((f) => f.filename),
      ...(linked.length
        ? { parties: linked.map((c) => ({ party_id: c.partyId!, role: c.role, name: c.name })) }
        : {}),
    });
    await updateDocument(id, {
      ...documentFieldsOf(form.caseInfo, form.legalRep),
      signature_name: form.signature || null,
      draft_metadata: metadata,
    }).catch(() => undefined);
  };

  return {
    documentId,
    setDocumentId,
    ensureDraft: ensureDocument,
    autosave,
    serverFiles,
    filesLoading: files.isLoading,
    uploadSelected,
    persist,
  };
}
