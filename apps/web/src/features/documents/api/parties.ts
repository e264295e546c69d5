import type { Party } from '@lexserve/contracts/parties';
import { api, describeError, isApiRequestError } from '../../../lib/api-client';
import { toCreatePartyBody, type PartyData } from '../utils/party-rules';

type Envelope<T> = { status?: string; data?: T; message?: string };
const unwrap = <T extends { id: number }>(answer: Envelope<T> | T): T =>
  answer && typeof answer === 'object' && 'data' in answer && answer.data ? answer.data : (answer as T);

/** The fixed note the wizard sends with its party link (spec 2 §7). */
const WIZARD_PARTY_NOTE = 'Added via New Matter wizard';

const createParty = async (party: PartyData): Promise<Party> =>
  unwrap(await api.post<Envelope<Party> | Party>('/parties/', toCreatePartyBody(party)));

/** GET /parties/ by id_number (individual) or registration_number (entity): the first match is taken. */
const findExistingParty = async (party: PartyData): Promise<Party | null> => {
  const query =
    party.type === 'entity'
      ? { party_type: 'entity', registration_number: party.registration_number.trim() }
      : { party_type: 'individual', id_number: party.id_number.trim() };
  const answer = await api.get<{ parties: Party[] } | Party[]>('/parties/', { query });
  const list = Array.isArray(answer) ? answer : (answer.parties ?? []);
  return list[0] ?? null;
};

const linkParty = (args: {
  partyId: number;
  documentId: number;
  role: string;
  notes?: string;
  isPrimary?: boolean;
}) =>
  api.post<unknown>(`/parties/${args.partyId}/documents/${args.documentId}`, {
    party_id: args.partyId,
    role: args.role || 'client',
    notes: args.notes ?? WIZARD_PARTY_NOTE,
    is_primary: args.isPrimary ?? true,
  });

/**
 * Draft save, part 3: an existing party with the same ID or registration number is reused (and updated with
 * what was entered); otherwise a new one is created. Then it is linked to the document.
 */
export const saveWizardParty = async (
  documentId: number,
  party: PartyData,
  opts: { isPrimary?: boolean } = {},
): Promise<Party> => {
  let saved = await findExistingParty(party).catch(() => null);
  if (saved) {
    saved = await updateOrCorrect(saved, party);
  } else {
    saved = await createParty(party);
  }
  await linkParty({
    partyId: saved.id,
    documentId,
    role: party.role || 'client',
    isPrimary: opts.isPrimary ?? true,
  });
  return saved;
};

/** Whether the details entered are those the party already has (nothing to update or correct). */
const sameDetails = (existing: Party, body: Record<string, unknown>) =>
  Object.entries(body).every(
    ([key, value]) => String((existing as Record<string, unknown>)[key] ?? '') === String(value ?? ''),
  );

/**
 * The wizard's details for a party it found by ID or registration number. A party on a served document is fixed
 * (409 PARTY_ON_SERVED_DOCUMENT): changed details are then recorded as a correction, a new party that the old one's
 * documents show on their timelines; unchanged details just reuse it. Other refusals keep the party as it is.
 */
async function updateOrCorrect(existing: Party, party: PartyData): Promise<Party> {
  const body = toCreatePartyBody(party);
  try {
    return unwrap(await api.put<Envelope<Party> | Party>(`/parties/${existing.id}`, body));
  } catch (error) {
    if (!isApiRequestError(error) || error.code !== 'PARTY_ON_SERVED_DOCUMENT' || sameDetails(existing, body))
      return existing;
    const answer = await api.post<Envelope<{ party: Party }>>(`/parties/${existing.id}/corrections`, body);
    return answer.data?.party ?? existing;
  }
}

/** Removes a party from the draft's citation (DELETE /parties/{party_id}/documents/{document_id}). */
export const unlinkParty = (documentId: number, partyId: number) =>
  api.delete<unknown>(`/parties/${partyId}/documents/${documentId}`);

export const partySaveError = (error: unknown) => `Failed to save party information: ${describeError(error)}`;
