import type { PartyLink } from '@lexserve/contracts/parties';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateDocuments, reasonOf } from '../../../../lib/documents-api/documents';
import { unlinkParty } from '../../api/parties';
import {
  PARTY_ALREADY_CITED,
  citationFromForm,
  citationFromLinks,
  isCited,
  suggestedRole,
} from '../../utils/citation';
import { emptyParty, isPartyEmpty, validatePartyStep } from '../../utils/party-rules';
import type { WizardFeedback } from './types';
import type { WizardForm } from './use-wizard-form';

type Options = {
  form: WizardForm;
  /** The draft on the server, once created. */
  documentId: number | null;
  setErrors: (errors: string[]) => void;
  feedback: WizardFeedback;
};

/** Step 3's citation builder (PRODUCT-DECISIONS): parties join it from the form and leave it, linked ones unlinked. */
export function useCitation({ form, documentId, setErrors, feedback }: Options) {
  const queryClient = useQueryClient();
  const { citation, setCitation, partyData, setPartyData } = form;

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

  /** Next from step 3 (its checks passed): a complete party left in the form joins the citation on the way. */
  const takeFormParty = () => {
    if (isPartyEmpty(partyData)) return;
    setCitation((list) => [...list, citationFromForm(partyData)]);
    setPartyData(emptyParty());
  };

  /** A resumed draft: the citation is read from its links; an empty form offers the side the citation still lacks. */
  const loadLinks = (links: PartyLink[]) => {
    const items = citationFromLinks(links);
    setCitation(items);
    if (items.length)
      setPartyData((current) =>
        isPartyEmpty(current) ? { ...current, role: suggestedRole(items) } : current,
      );
  };

  return { addPartyToCitation, removeFromCitation, takeFormParty, loadLinks };
}
