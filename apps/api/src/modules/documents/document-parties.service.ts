import type { CreatePartyInput, LinkPartyInput, PartyCorrection } from '@lexserve/contracts/parties';
import { can } from '../../lib/access';
import { inTransaction, type Ctx } from '../../lib/context';
import {
  assertManagesParties,
  assertSameParty,
  documentPartyLinks,
  linkToDocument,
  recordCorrection,
  repointLink,
  unlinkFromDocument,
} from '../parties/parties.service';
import { assertNotServed, isClosed, wasSubmitted } from './documents.policy';
import { findDocumentById, findDocumentInScope } from './documents.repository';
import { getDocumentForChange, getReadableDocument } from './documents.service';
import { addTimelineEvent } from '../trail/trail.service';

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
    const result = await linkToDocument({ db: tx, actor: ctx.actor }, doc, partyId, input);
    const name = result.link.party.display_name;
    await addTimelineEvent(tx, {
      documentId,
      firmId: doc.firmId,
      type: result.created ? 'party_added' : 'updated',
      description: result.created
        ? `Party ${name} added as ${input.role}`
        : `Party ${name} updated (${input.role})`,
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

/**
 * POST /parties/{id}/corrections: a party's details are corrected by recording a new party (a party on a
 * served document is never changed). Every document linked to the old party gets a timeline entry "Party
 * details corrected: … replaces …"; served, revoked and closed documents keep their links and proofs as they
 * were. A document not yet served that the actor may change has its link moved to the new party.
 */
export async function correctParty(
  ctx: Ctx,
  partyId: number,
  input: CreatePartyInput,
): Promise<PartyCorrection> {
  assertManagesParties(ctx);
  return inTransaction(ctx, async (tx) => {
    const { party, replaced, links } = await recordCorrection({ db: tx, actor: ctx.actor }, partyId, input);
    const name = (p: { id: number; display_name: string }) => `${p.display_name} (party #${p.id})`;
    const documents: PartyCorrection['documents'] = [];
    for (const link of links) {
      const doc = await findDocumentById(tx, link.documentId);
      if (!doc) continue;
      const open = !wasSubmitted(doc) && !doc.revokedAt && !isClosed(doc.status);
      const mayChange =
        open &&
        can(ctx.actor, 'documents:update') &&
        !!(await findDocumentInScope(tx, ctx.actor, doc.id, { forUpdate: true }));
      if (mayChange) await repointLink(tx, link.id, party.id);
      await addTimelineEvent(tx, {
        documentId: doc.id,
        firmId: doc.firmId,
        type: 'party_corrected',
        description: `Party details corrected: ${name(party)} replaces ${name(replaced)}`,
        performedById: ctx.actor.id,
        metadata: {
          party_id: party.id,
          party_name: party.display_name,
          replaces_party_id: replaced.id,
          replaces_party_name: replaced.display_name,
          role: link.role,
          link_moved: mayChange,
        },
      });
      documents.push({ document_id: doc.id, link_moved: mayChange });
    }
    return { party, corrects_party_id: replaced.id, documents };
  });
}
