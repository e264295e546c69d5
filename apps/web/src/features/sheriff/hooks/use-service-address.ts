import { citationSideOf } from '@lexserve/contracts/parties';
import type { Document } from '@lexserve/contracts/documents';
import { useDocumentParties } from '../../../lib/documents-api/parties';

/**
 * Where the sheriff serves: the document's recipient address, or else the physical address of the party the matter
 * is brought against (defendant or respondent; the primary one first). Empty while unknown.
 */
export function useServiceAddress(document: Pick<Document, 'id' | 'recipient_address'>): string {
  const parties = useDocumentParties(document.id, !document.recipient_address);
  if (document.recipient_address) return document.recipient_address;
  const responding = (parties.data ?? []).filter((link) => citationSideOf(link.role) === 'responding');
  const first = [...responding]
    .sort((a, b) => Number(b.is_primary) - Number(a.is_primary))
    .find((link) => link.party.physical_address);
  return first?.party.physical_address ?? '';
}
