import { partySaveError, saveWizardParty } from '../../api/parties';
import { citationFromForm, isCited, suggestedRole, type CitationParty } from '../../utils/citation';
import { emptyParty, isPartyEmpty, isPartyValidForSave } from '../../utils/party-rules';
import type { WizardFeedback } from './types';
import type { WizardForm } from './use-wizard-form';

/**
 * Save sequence part 3: a party in the form complete enough to save joins the citation; every party not yet linked
 * is saved and linked to the draft (the first one primary). Answers the citation as saved, which the form keeps.
 */
export async function saveCitation(
  id: number,
  form: WizardForm,
  feedback: WizardFeedback,
): Promise<CitationParty[]> {
  let items = form.citation;
  const { partyData } = form;
  if (!isPartyEmpty(partyData) && isPartyValidForSave(partyData) && !isCited(items, partyData)) {
    items = [...items, citationFromForm(partyData)];
    form.setPartyData(emptyParty('individual', suggestedRole(items)));
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
  form.setCitation(saved);
  return saved;
}
