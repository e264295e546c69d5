import type { LinkPartyInput } from '@lexserve/contracts/parties';
import { inTransaction, type Ctx } from '../../lib/context';
import { assertManagesParties, assertSameParty, documentPartyLinks, linkToDocument, unlinkFromDocument } from '../parties/parties.service';
import { assertNotServed } from './documents.policy';
import { getDocumentForChange, getReadableDocument } from './documents.service';
import { addTimelineEvent } from './timeline.repository';

/**
 * POST /parties/{party_id}/documents/{document_id}: links a party of the document's firm with a role. Linking
 * it again updates the link (the wizard re-saves its draft). Parties are fixed once the document is served.
 */
export async function linkParty(ctx: Ctx, partyId: number, documentId: number, input: LinkPartyInput) {
  assertManagesParties(ctx);
  assertSameParty(partyId, input);
  return inTransaction(ctx, async (tx) => {
    const doc = await getDocumentForChange({ ...ctx, db: tx }, documentId);
    assertNotServed(doc);
    const result = await linkToDocument(tx, doc, partyId, input);
    const name = result.link.party.display_name;
    await addTimelineEvent(tx, {
      documentId,
      firmId: doc.firmId,
      type: result.created ? 'party_added' : 'updated',
      description: result.created ? `Party ${name} added as ${input.role}` : `Party ${name} updated (${input.role})`,
      performedById: ctx.actor.id,
      metadata: { party_id: partyId, party_name: name, role: input.role, is_primary: input.is_primary },
    });
    return result;
  });
}

/** DELETE /parties/{party_id}/documents/{document_id}. */
export async function unlinkParty(ctx: Ctx, partyId: number, documentId: number) {
  assertManagesParties(ctx);
  await inTransaction(ctx, async (tx) => {
    const doc = await getDocumentForChange({ ...ctx, db: tx }, documentId);
    assertNotServed(doc);
    const { role, name } = await unlinkFromDocument(tx, doc, partyId);
    await addTimelineEvent(tx, {
      documentId,
      firmId: doc.firmId,
      type: 'party_removed',
      description: `Party ${name} removed`,
      performedById: ctx.actor.id,
      metadata: { party_id: partyId, party_name: name, role },
    });
  });
}

/** GET /documents/{id}/parties: everyone who may read the document (the assigned sheriff too). */
export async function listDocumentParties(ctx: Ctx, documentId: number) {
  await getReadableDocument(ctx, documentId);
  const links = await documentPartyLinks(ctx.db, documentId);
  return { parties: links, total: links.length };
}
