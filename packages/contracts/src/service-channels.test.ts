import { describe, expect, it } from 'vitest';
import { DOCUMENT_CATALOGUE, DOCUMENT_TYPES, toDocumentTypeValue } from './documents';
import {
  SERVICE_CHANNEL_LABELS,
  SERVICE_CHANNEL_TABLE,
  serviceChannelNote,
  serviceChannelOf,
  typesWithoutChannel,
} from './service-channels';

describe('service channel table', () => {
  it('has an entry for every document type of the catalogue, and none for types outside it', () => {
    expect(typesWithoutChannel()).toEqual([]);
    for (const labels of Object.values(DOCUMENT_CATALOGUE)) {
      for (const label of labels) expect(serviceChannelOf(toDocumentTypeValue(label)), label).not.toBeNull();
    }
    const known = new Set(DOCUMENT_TYPES.map((t) => t.value));
    expect(Object.keys(SERVICE_CHANNEL_TABLE).filter((value) => !known.has(value))).toEqual([]);
  });

  it('gives every entry a rule, a basis and a plain sentence', () => {
    for (const [value, entry] of Object.entries(SERVICE_CHANNEL_TABLE)) {
      expect(entry.rule.length, value).toBeGreaterThan(3);
      expect(entry.basis.length, value).toBeGreaterThan(3);
      expect(entry.explanation, value).toMatch(/\.$/);
    }
  });

  it('serves initiating process by the sheriff, later documents under Rule 4A, and correspondence not at all', () => {
    expect(serviceChannelOf('Summons Combined')).toMatchObject({
      channel: 'sheriff',
      rule: "Uniform Rule 4(1)(a); Magistrates' Courts Rule 9",
    });
    expect(serviceChannelOf('summons_simple')?.channel).toBe('sheriff');
    expect(serviceChannelOf('Divorce Summons')?.channel).toBe('sheriff');
    expect(serviceChannelOf('Urgent Notice of Motion')?.channel).toBe('sheriff');
    expect(serviceChannelOf('Sequestration Application')?.channel).toBe('sheriff');
    expect(serviceChannelOf('Liquidation Application (Voluntary or Compulsory)')?.channel).toBe('sheriff');
    expect(serviceChannelOf('Application for Review (Rule 53)')?.channel).toBe('sheriff');
    expect(serviceChannelOf('Notice of Intention to Defend')).toMatchObject({
      channel: 'electronic_or_sheriff',
      rule: 'Uniform Rule 4A',
    });
    expect(serviceChannelOf('Plea')?.channel).toBe('electronic_or_sheriff');
    expect(serviceChannelOf('Replying Affidavit')?.channel).toBe('electronic_or_sheriff');
    expect(serviceChannelOf('Client Instruction Letter')?.channel).toBe('not_served');
    expect(serviceChannelOf('Instruction Letter to Sheriff')?.channel).toBe('not_served');
    expect(serviceChannelOf('Identity Document / Company Resolution')?.channel).toBe('not_served');
    expect(serviceChannelOf('Pizza')).toBeNull();
    expect(serviceChannelOf(null)).toBeNull();
  });

  it('words the wizard note with the rule, and sends later documents of a Court Online matter through Court Online', () => {
    const summons = serviceChannelOf('Summons Combined')!;
    expect(serviceChannelNote(summons)).toBe(
      "Served by the sheriff — Uniform Rule 4(1)(a); Magistrates' Courts Rule 9: initiating process.",
    );
    expect(serviceChannelNote(summons, { onCourtOnline: true })).toMatch(/^Served by the sheriff/);
    const plea = serviceChannelOf('Plea')!;
    expect(serviceChannelNote(plea)).toBe(
      `${SERVICE_CHANNEL_LABELS.electronic_or_sheriff} — Uniform Rule 4A: a document after initiating process.`,
    );
    expect(serviceChannelNote(plea, { onCourtOnline: true })).toBe(
      'Served through Court Online — Uniform Rules 1A and 1B (Court Online): a document after initiating process.',
    );
  });
});
