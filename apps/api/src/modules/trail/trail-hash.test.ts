import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  GENESIS_HASH,
  canonicalEvent,
  canonicalJson,
  chainHashOf,
  checkChain,
  contentHashOf,
  hashesOf,
  storableMetadata,
  type HashedEvent,
  type TrailContent,
} from './trail-hash';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

const content = (i: number, overrides: Partial<TrailContent> = {}): TrailContent => ({
  documentId: 7,
  firmId: 3,
  eventType: 'updated',
  eventDescription: `Change ${i}`,
  performedById: 12,
  isSystemEvent: false,
  eventMetadata: { b: i, a: { z: 1, y: [2, { d: 1, c: 2 }] } },
  createdAt: new Date(Date.UTC(2025, 10, 21, 12, 0, i, 123)),
  ...overrides,
});

/** A well-formed chain of `n` events, ids 101.. */
function chain(n: number): HashedEvent[] {
  let prev = GENESIS_HASH;
  return Array.from({ length: n }, (_, i) => {
    const c = content(i);
    const h = hashesOf(c, prev);
    prev = h.chainHash;
    return { ...c, id: 101 + i, ...h };
  });
}

describe('canonical serialisation', () => {
  it('sorts keys at every depth, keeps array order, drops undefined, no spaces', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { y: 1, x: undefined, w: null }], c: 'é"' } })).toBe(
      '{"a":{"c":"é\\"","d":[3,{"w":null,"y":1}]},"b":1}',
    );
  });

  it('covers document, firm, type, description, performer, metadata and created_at to the millisecond', () => {
    expect(canonicalEvent(content(1))).toBe(
      '{"created_at":"2025-11-21T12:00:01.123Z","description":"Change 1","document_id":7,"firm_id":3,"is_system_event":false,' +
        '"metadata":{"a":{"y":[2,{"c":2,"d":1}],"z":1},"b":1},"performed_by_id":12,"type":"updated","v":1}',
    );
    const base = contentHashOf(content(1));
    expect(base).toBe(sha(canonicalEvent(content(1))));
    for (const change of [
      { documentId: 8 },
      { firmId: 4 },
      { eventType: 'created' },
      { eventDescription: 'Change 1 ' },
      { performedById: 13 },
      { isSystemEvent: true },
      { eventMetadata: { b: 1, a: { z: 1, y: [2, { d: 1, c: 3 }] } } },
      { createdAt: new Date(Date.UTC(2025, 10, 21, 12, 0, 1, 124)) },
    ]) {
      expect(contentHashOf(content(1, change)), JSON.stringify(change)).not.toBe(base);
    }
    // Key order in the metadata is not content.
    expect(contentHashOf(content(1, { eventMetadata: { a: { y: [2, { c: 2, d: 1 }], z: 1 }, b: 1 } }))).toBe(
      base,
    );
  });

  it('stores metadata as JSON keeps it (dates as ISO strings, undefined gone)', () => {
    expect(storableMetadata({ at: new Date('2025-01-02T03:04:05.006Z'), gone: undefined, n: 1 })).toEqual({
      at: '2025-01-02T03:04:05.006Z',
      n: 1,
    });
    expect(storableMetadata(undefined)).toEqual({});
  });

  it('chains: SHA-256 of the hex text prev_hash followed by content_hash', () => {
    const c = contentHashOf(content(0));
    expect(chainHashOf(GENESIS_HASH, c)).toBe(sha(`${'0'.repeat(64)}${c}`));
  });
});

describe('checkChain', () => {
  it('finds a well-formed chain intact, its head the last chain hash', () => {
    const events = chain(5);
    expect(checkChain(events)).toEqual({
      intact: true,
      events: 5,
      headHash: events[4]!.chainHash,
      headEventId: 105,
      firstBrokenEventId: null,
      problem: null,
    });
    expect(checkChain([])).toMatchObject({ intact: true, events: 0, headHash: null });
  });

  it('reports an event whose content changed after it was recorded', () => {
    const events = chain(5);
    events[2] = { ...events[2]!, eventDescription: 'Quietly rewritten' };
    expect(checkChain(events)).toMatchObject({
      intact: false,
      firstBrokenEventId: 103,
      problem: 'Event #103 was changed after it was recorded.',
    });
  });

  it('reports the event after one removed from the middle', () => {
    const events = chain(5);
    events.splice(2, 1);
    expect(checkChain(events)).toMatchObject({ intact: false, firstBrokenEventId: 104 });
  });

  it('reports a rewritten event whose content hash was recomputed but not its chain hash, and one slipped in', () => {
    const events = chain(4);
    const forged = { ...events[1]!, eventDescription: 'Forged' };
    events[1] = { ...forged, contentHash: contentHashOf(forged) };
    expect(checkChain(events)).toMatchObject({
      intact: false,
      firstBrokenEventId: 102,
      problem: 'The chain hash of event #102 is not its own.',
    });

    const again = chain(3);
    const extra = { ...content(9), id: 150, ...hashesOf(content(9), GENESIS_HASH) };
    expect(checkChain([again[0]!, extra, again[1]!, again[2]!])).toMatchObject({
      intact: false,
      firstBrokenEventId: 150,
    });
  });

  it('reports an event without hashes', () => {
    const events = chain(2);
    events.push({ ...content(5), id: 200, contentHash: null, prevHash: null, chainHash: null });
    expect(checkChain(events)).toMatchObject({
      intact: false,
      firstBrokenEventId: 200,
      problem: 'Event #200 has no hashes.',
    });
  });
});
