import {
  PartyErrors,
  partyDisplayName,
  type CreatePartyInput,
  type LinkPartyInput,
  type Party,
  type PartyLink,
  type PartyListQuery,
} from '@lexserve/contracts/parties';
import { can } from '../../lib/access';
import { partyScope } from '../../lib/tenancy';
import { AppError } from '../../lib/app-error';
import type { Ctx } from '../../lib/context';
import type { DbOrTx } from '../../db/client';
import * as repo from './parties.repository';

const toPartyDto = (p: repo.PartyRow): Party => ({
  id: p.id,
  party_type: p.partyType,
  type: p.partyType,
  display_name: partyDisplayName({
    party_type: p.partyType,
    title: p.title,
    first_name: p.firstName,
    middle_name: p.middleName,
    last_name: p.lastName,
    trading_name: p.tradingName,
  }),
  title: p.title,
  first_name: p.firstName,
  middle_name: p.middleName,
  last_name: p.lastName,
  gender: p.gender,
  marital_status: p.maritalStatus,
  nationality: p.nationality,
  race: p.race,
  id_number: p.idNumber,
  date_of_birth: p.dateOfBirth,
  trading_name: p.tradingName,
  registration_number: p.registrationNumber,
  business_type: p.businessType,
  email: p.email,
  physical_address: p.physicalAddress,
  language: p.language,
  branch_id: p.branchId,
  corrects_party_id: p.correctsPartyId,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

const toLinkDto = ({ link, party }: { link: repo.PartyLinkRow; party: repo.PartyRow }): PartyLink => ({
  id: link.id,
  document_id: link.documentId,
  party_id: link.partyId,
  role: link.role,
  notes: link.notes,
  is_primary: link.isPrimary,
  to_be_served: link.toBeServed,
  created_at: link.createdAt.toISOString(),
  party: toPartyDto(party),
});

/** Individuals keep only individual fields and entities only entity fields (the form clears the others). */
const partyValues = (input: CreatePartyInput) => {
  const individual = input.party_type === 'individual';
  const ind = <T>(v: T) => (individual ? v : null);
  const ent = <T>(v: T) => (individual ? null : v);
  return {
    partyType: input.party_type,
    title: ind(input.title),
    firstName: ind(input.first_name),
    middleName: ind(input.middle_name),
    lastName: ind(input.last_name),
    gender: ind(input.gender),
    maritalStatus: ind(input.marital_status),
    nationality: ind(input.nationality),
    race: ind(input.race),
    idNumber: ind(input.id_number),
    dateOfBirth: ind(input.date_of_birth),
    tradingName: ent(input.trading_name),
    registrationNumber: ent(input.registration_number),
    businessType: ent(input.business_type),
    email: input.email,
    physicalAddress: input.physical_address,
    language: ind(input.language),
  };
};

function assertManages(ctx: Pick<Ctx, 'actor'>): number {
  if (!can(ctx.actor, 'parties:manage') || !ctx.actor.firmId)
    throw new AppError(PartyErrors.PARTIES_FORBIDDEN);
  return ctx.actor.firmId;
}

/**
 * The parties the actor reads (lib/tenancy partyScope: the tenancy of documents): every party for the system
 * administrator; the parties-managing roles their firm's, branch's or own, and those on documents they may see.
 */
function readScope(ctx: Pick<Ctx, 'actor'>) {
  if (ctx.actor.role === 'system_admin') return undefined;
  assertManages(ctx);
  return partyScope(ctx.actor);
}

/** A party the actor may see and manage, or 404 (a party outside their scope is never revealed). */
async function managedParty(ctx: Pick<Ctx, 'db' | 'actor'>, id: number) {
  assertManages(ctx);
  const party = await repo.findPartyInScope(ctx.db, id, partyScope(ctx.actor));
  if (!party) throw new AppError(PartyErrors.PARTY_NOT_FOUND);
  return party;
}

/** POST /parties: a party of the actor's firm and branch, reusable across the documents of that scope. */
export async function createParty(ctx: Ctx, input: CreatePartyInput): Promise<Party> {
  const firmId = assertManages(ctx);
  const row = await repo.insertParty(ctx.db, {
    ...partyValues(input),
    firmId,
    branchId: ctx.actor.branchId,
    createdById: ctx.actor.id,
  });
  return toPartyDto(row);
}

/** PUT /parties/{id}: refused (409) once the party is on a served document; a correction is then a new party. */
export async function updateParty(ctx: Ctx, id: number, input: CreatePartyInput): Promise<Party> {
  const party = await managedParty(ctx, id);
  if (await repo.isOnServedDocument(ctx.db, party.id))
    throw new AppError(PartyErrors.PARTY_ON_SERVED_DOCUMENT);
  return toPartyDto(await repo.updatePartyRow(ctx.db, id, partyValues(input)));
}

export async function getParty(ctx: Ctx, id: number): Promise<Party> {
  const party = await repo.findPartyInScope(ctx.db, id, readScope(ctx));
  if (!party) throw new AppError(PartyErrors.PARTY_NOT_FOUND);
  return toPartyDto(party);
}

/** GET /parties: by id_number, registration_number, type or free text, within the actor's scope. */
export async function listParties(ctx: Ctx, q: PartyListQuery) {
  const { rows, total } = await repo.searchParties(ctx.db, readScope(ctx), q);
  return { parties: rows.map(toPartyDto), total };
}

/*
 * For the documents module, which checks access to the document and writes its timeline: a document's links to the
 * parties of its firm. Parties are fixed once the document is served (the caller checks).
 */

/** Links a party of the firm to the document with a role, or updates the link (the wizard re-saves its draft). */
export async function linkToDocument(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  doc: { id: number; firmId: number },
  partyId: number,
  input: LinkPartyInput,
): Promise<{ created: boolean; link: PartyLink }> {
  assertSameParty(partyId, input);
  const tx = ctx.db;
  // A party the actor may see, of the document's firm: linking never reveals another branch's party.
  const party = await repo.findPartyInScope(tx, partyId, partyScope(ctx.actor), { firmId: doc.firmId });
  if (!party) throw new AppError(PartyErrors.PARTY_NOT_FOUND);
  const existing = await repo.findLink(tx, doc.id, partyId);
  const link = await repo.upsertLink(tx, {
    documentId: doc.id,
    partyId,
    firmId: doc.firmId,
    role: input.role,
    notes: input.notes,
    isPrimary: input.is_primary,
    toBeServed: input.to_be_served,
  });
  return { created: !existing, link: toLinkDto({ link, party }) };
}

/** Removes the party from the document; answers the removed link's role and the party's name. */
export async function unlinkFromDocument(tx: DbOrTx, doc: { id: number; firmId: number }, partyId: number) {
  const link = await repo.findLink(tx, doc.id, partyId);
  if (!link) throw new AppError(PartyErrors.PARTY_LINK_NOT_FOUND);
  const party = await repo.findPartyInFirm(tx, partyId, doc.firmId);
  await repo.deleteLink(tx, link.id);
  return { role: link.role, name: party ? toPartyDto(party).display_name : `Party ${partyId}` };
}

/** A link's body may repeat the party's id; it must then be the one of the path. */
export function assertSameParty(partyId: number, input: LinkPartyInput) {
  if (input.party_id !== undefined && input.party_id !== partyId)
    throw new AppError(PartyErrors.PARTY_ID_MISMATCH);
}

/** Whether the actor may manage parties (create, change, link); throws the parties' 403 otherwise. */
export const assertManagesParties = (ctx: Ctx) => void assertManages(ctx);

/** The roles the document's parties have in the citation (one per link), for the submit check. */
export const documentPartyRoles = (db: DbOrTx, documentId: number) => repo.linkRoles(db, documentId);

/**
 * A correction (for the documents module, which writes the timelines): a new party with the corrected details,
 * recorded for the same firm and branch as the party it corrects, which the actor must see. Answers the new
 * party, the old one and the old one's links; the old party and its links are not changed here.
 */
export async function recordCorrection(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  partyId: number,
  input: CreatePartyInput,
) {
  const old = await managedParty(ctx, partyId);
  const row = await repo.insertParty(ctx.db, {
    ...partyValues(input),
    firmId: old.firmId,
    branchId: old.branchId,
    correctsPartyId: old.id,
    createdById: ctx.actor.id,
  });
  return {
    party: toPartyDto(row),
    replaced: toPartyDto(old),
    links: await repo.linksOfParty(ctx.db, old.id),
  };
}

/** Points a document's link at the correcting party (documents not yet served). */
export const repointLink = (db: DbOrTx, linkId: number, partyId: number) =>
  repo.repointLink(db, linkId, partyId);

export const documentPartyLinks = async (db: DbOrTx, documentId: number) =>
  (await repo.listLinks(db, documentId)).map(toLinkDto);
