import { describe, expect, it } from 'vitest';
import { foldText, matchArea, postalCodeTokens, type MatchableArea } from './sheriff-areas.match';

const area = (id: number, name: string, parts: Partial<MatchableArea> = {}): MatchableArea => ({
  id,
  name,
  magisterialDistricts: [],
  suburbs: [],
  postalCodes: [],
  ...parts,
});

const AREAS = [
  area(1, 'Cape Town West', {
    magisterialDistricts: ['Cape Town'],
    suburbs: ['Sea Point', 'Gardens'],
    postalCodes: ['8001', '8005'],
  }),
  area(2, 'Johannesburg North', { magisterialDistricts: ['Johannesburg North'], suburbs: ['Parktown'] }),
  area(3, 'Pretoria Central', {
    magisterialDistricts: ['Pretoria'],
    suburbs: ['Arcadia', 'Môreleta Park'],
    postalCodes: ['0002'],
  }),
  area(4, 'Pretoria North', { suburbs: ['Pretoria North'], postalCodes: ['0182'] }),
];

const matched = (address: string) => {
  const m = matchArea(address, AREAS);
  return m && { area: m.area.name, kind: m.kind, value: m.value };
};

describe('foldText and postalCodeTokens', () => {
  it('folds case, accents and punctuation', () => {
    expect(foldText('  Môreleta-Park,  PRETORIA ')).toBe('moreleta park pretoria');
    expect(foldText('Sea Point\u00a0(Cape Town)')).toBe('sea point cape town');
  });

  it('finds 4-digit tokens, last first, never inside longer numbers', () => {
    expect(postalCodeTokens('1234 Long Street, Gardens, 8001')).toEqual(['8001', '1234']);
    expect(postalCodeTokens('Erf 123456, 12 Main Road, 0002-')).toEqual(['0002']);
    expect(postalCodeTokens('No code here, 12 Main Rd')).toEqual([]);
  });
});

describe('matchArea', () => {
  it('matches by postal code first, even when a suburb of another area is named', () => {
    expect(matched('5 Church Street, Arcadia, Cape Town, 8001')).toEqual({
      area: 'Cape Town West',
      kind: 'postal_code',
      value: '8001',
    });
  });

  it('prefers the postal code at the end over a street number', () => {
    expect(matched('8005 Main Road, Sunnyside, 0002')).toMatchObject({
      area: 'Pretoria Central',
      value: '0002',
    });
  });

  it('falls back to the next 4-digit token when the last one is unknown', () => {
    expect(matched('Plot 8005, Far Away 9999')).toMatchObject({ area: 'Cape Town West', value: '8005' });
  });

  it('matches a suburb as whole words, case and accents ignored', () => {
    expect(matched('14 Lois Avenue, MORELETA PARK')).toEqual({
      area: 'Pretoria Central',
      kind: 'suburb',
      value: 'Môreleta Park',
    });
    expect(matched('3 Beach Road, sea-point')).toMatchObject({ area: 'Cape Town West', kind: 'suburb' });
    // Not part of a longer word.
    expect(matched('1 Seapointer Lane')).toBeNull();
    expect(matched('Gardenside Mall')).toBeNull();
  });

  it('takes the longest name: "Pretoria North" (a suburb) over "Pretoria" (a district)', () => {
    expect(matched('9 Gerrit Maritz Street, Pretoria North')).toMatchObject({
      area: 'Pretoria North',
      kind: 'suburb',
    });
  });

  it('matches a magisterial district when no code or suburb is named', () => {
    expect(matched('22 Unknown Street, Pretoria')).toEqual({
      area: 'Pretoria Central',
      kind: 'magisterial_district',
      value: 'Pretoria',
    });
    expect(matched('Somewhere, Johannesburg North')).toMatchObject({ area: 'Johannesburg North' });
  });

  it('answers null when nothing matches (the area is then not confirmed)', () => {
    expect(matched('12 Oak Avenue, Bloemfontein, 9301')).toBeNull();
    expect(matched('   ')).toBeNull();
    expect(matchArea('8001', [])).toBeNull();
  });

  it('of two areas listing the same postal code, the first given (by name) wins', () => {
    const both = [area(7, 'A', { postalCodes: ['7000'] }), area(8, 'B', { postalCodes: ['7000'] })];
    expect(matchArea('x 7000', both)!.area.id).toBe(7);
  });
});
