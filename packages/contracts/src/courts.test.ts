import { describe, expect, it } from 'vitest';
import {
  COURT_OPTIONS,
  CourtNameSchema,
  HIGH_COURTS,
  MAGISTERIAL_DISTRICTS,
  ServiceAreasSchema,
  isHighCourt,
  isMagistratesCourt,
  normalizeCourtName,
} from './courts';

describe('courts', () => {
  it('lists the districts once each, in the English collation order', () => {
    expect(MAGISTERIAL_DISTRICTS.length).toBeGreaterThan(100);
    expect(new Set(MAGISTERIAL_DISTRICTS).size).toBe(MAGISTERIAL_DISTRICTS.length);
    expect(MAGISTERIAL_DISTRICTS).toEqual(
      [...MAGISTERIAL_DISTRICTS].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('lists the nine divisions with their main seats and the local seats', () => {
    expect(new Set(HIGH_COURTS.filter((c) => c.main).map((c) => c.division)).size).toBe(9);
    const names = HIGH_COURTS.map((c) => c.name);
    for (const name of [
      'Gauteng Division, Pretoria',
      'Gauteng Local Division, Johannesburg',
      'Western Cape Division, Cape Town',
      'KwaZulu-Natal Division, Pietermaritzburg',
      'KwaZulu-Natal Local Division, Durban',
      'Eastern Cape Division, Makhanda',
      'Free State Division, Bloemfontein',
      'Northern Cape Division, Kimberley',
      'North West Division, Mahikeng',
      'Limpopo Division, Polokwane',
      'Limpopo Division, Thohoyandou',
      'Mpumalanga Division, Mbombela',
      'Mpumalanga Division, Middelburg',
    ])
      expect(names).toContain(name);
    expect(new Set(COURT_OPTIONS.map((o) => o.name)).size).toBe(COURT_OPTIONS.length);
  });

  it('makes court names canonical, old names and magistrates’ courts included', () => {
    expect(normalizeCourtName('  gauteng division,  pretoria ')).toBe('Gauteng Division, Pretoria');
    expect(normalizeCourtName('Eastern Cape Division, Grahamstown')).toBe('Eastern Cape Division, Makhanda');
    expect(normalizeCourtName("Magistrate's Court, Wynberg")).toBe("Magistrate's Court, Wynberg");
    expect(normalizeCourtName('Magistrates’ Court, cape town')).toBe("Magistrate's Court, Cape Town");
    expect(normalizeCourtName('Magistrate Court for the district of Thabazimbi')).toBe(
      "Magistrate's Court, Thabazimbi",
    );
    expect(normalizeCourtName('Supreme Court of Narnia')).toBeNull();
    expect(normalizeCourtName("Magistrate's Court, 12345")).toBeNull();
    expect(normalizeCourtName('')).toBeNull();
    expect(isHighCourt('Gauteng Division, Pretoria')).toBe(true);
    expect(isMagistratesCourt("Magistrate's Court, Wynberg")).toBe(true);
    expect(isHighCourt("Magistrate's Court, Wynberg")).toBe(false);
  });

  it('refuses an unknown court in a request with the rule in words', () => {
    expect(CourtNameSchema.parse('Western Cape Division, Cape Town')).toBe(
      'Western Cape Division, Cape Town',
    );
    const bad = CourtNameSchema.safeParse('High Court somewhere');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/High Court division from the list/);
  });

  it('takes service areas as districts, at least one, each once', () => {
    expect(MAGISTERIAL_DISTRICTS).toContain('Cape Town');
    expect(ServiceAreasSchema.parse([' cape town', 'Bellville', 'CAPE TOWN', 'Thabazimbi'])).toEqual([
      'Cape Town',
      'Bellville',
      'Thabazimbi',
    ]);
    expect(ServiceAreasSchema.safeParse([]).error?.issues[0]?.message).toBe(
      'Service areas are required: at least one magisterial district',
    );
    expect(ServiceAreasSchema.safeParse(['1234']).success).toBe(false);
  });
});
