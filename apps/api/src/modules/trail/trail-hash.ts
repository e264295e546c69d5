import { sha256 } from '../../lib/tokens';

/**
 * The tamper-evident trail's hashes (docs/evidence.md), pure functions so that anyone can recompute them:
 * - content_hash = SHA-256 (hex) of the canonical serialisation of an event's content (`canonicalEvent`);
 * - chain_hash   = SHA-256 (hex) of the ASCII text prev_hash followed by content_hash;
 * - prev_hash    = the chain_hash of the document's previous event (by id), GENESIS_HASH for the first.
 */

export const GENESIS_HASH = '0'.repeat(64);

/** What an event's content hash covers. */
export type TrailContent = {
  documentId: number;
  firmId: number;
  eventType: string;
  eventDescription: string | null;
  performedById: number | null;
  isSystemEvent: boolean;
  eventMetadata: Record<string, unknown>;
  createdAt: Date;
};

export type HashedEvent = TrailContent & {
  id: number;
  contentHash: string | null;
  prevHash: string | null;
  chainHash: string | null;
};

/** Metadata as the database keeps it (JSON): undefined values dropped, dates as ISO strings. Hash and store this. */
export const storableMetadata = (metadata: Record<string, unknown> | undefined): Record<string, unknown> =>
  JSON.parse(JSON.stringify(metadata ?? {})) as Record<string, unknown>;

/** JSON with the keys of every object sorted (JavaScript's default sort: UTF-16 code units), no spaces. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The canonical serialisation of an event's content (version 1), created_at in ISO 8601 UTC with milliseconds. */
export const canonicalEvent = (e: TrailContent): string =>
  canonicalJson({
    v: 1,
    document_id: e.documentId,
    firm_id: e.firmId,
    type: e.eventType,
    description: e.eventDescription,
    performed_by_id: e.performedById,
    is_system_event: e.isSystemEvent,
    metadata: e.eventMetadata,
    created_at: e.createdAt.toISOString(),
  });

export const contentHashOf = (e: TrailContent): string => sha256(canonicalEvent(e));

export const chainHashOf = (prevHash: string, contentHash: string): string =>
  sha256(`${prevHash}${contentHash}`);

/** The three hashes of an event that follows `prevHash`. */
export function hashesOf(e: TrailContent, prevHash: string) {
  const contentHash = contentHashOf(e);
  return { contentHash, prevHash, chainHash: chainHashOf(prevHash, contentHash) };
}

export type ChainCheck = {
  intact: boolean;
  events: number;
  /** The chain hash of the last event as stored (null without events). */
  headHash: string | null;
  headEventId: number | null;
  firstBrokenEventId: number | null;
  /** In words, for the first break. */
  problem: string | null;
};

/**
 * Walks a document's events in chain order (by id) and recomputes every hash. The first event that does not check out
 * is reported: its content changed (content hash), an event before it was removed or slipped in (prev hash), or its
 * chain hash was forged.
 */
export function checkChain(events: HashedEvent[]): ChainCheck {
  let prev = GENESIS_HASH;
  let broken: { id: number; problem: string } | null = null;
  for (const e of events) {
    if (!e.contentHash || !e.prevHash || !e.chainHash)
      broken = { id: e.id, problem: `Event #${e.id} has no hashes.` };
    else if (contentHashOf(e) !== e.contentHash)
      broken = { id: e.id, problem: `Event #${e.id} was changed after it was recorded.` };
    else if (e.prevHash !== prev)
      broken = {
        id: e.id,
        problem: `The event before event #${e.id} was removed, changed or inserted out of turn.`,
      };
    else if (chainHashOf(e.prevHash, e.contentHash) !== e.chainHash)
      broken = { id: e.id, problem: `The chain hash of event #${e.id} is not its own.` };
    if (broken) break;
    prev = e.chainHash!;
  }
  const last = events.at(-1);
  return {
    intact: !broken,
    events: events.length,
    headHash: last?.chainHash ?? null,
    headEventId: last?.id ?? null,
    firstBrokenEventId: broken?.id ?? null,
    problem: broken?.problem ?? null,
  };
}
