import { describe, expect, it } from 'vitest';
import {
  CITATION_SIDE_MISSING,
  PARTY_ROLES,
  PARTY_ROLE_LABELS,
  PARTY_ROLE_SIDES,
  citationSideOf,
  missingCitationSides,
} from './parties';

describe('citation sides', () => {
  it('keeps the spec roles first and labels and places every role', () => {
    expect(PARTY_ROLES.slice(0, 13)).toEqual([
      'plaintiff',
      'defendant',
      'applicant',
      'respondent',
      'claimant',
      'debtor',
      'creditor',
      'witness',
      'client',
      'opposing_party',
      'third_party',
      'interested_party',
      'other',
    ]);
    for (const role of PARTY_ROLES) {
      expect(PARTY_ROLE_LABELS[role]).toBeTruthy();
      expect(role in PARTY_ROLE_SIDES).toBe(true);
    }
  });

  it('needs a party on each side of the citation', () => {
    expect(citationSideOf('plaintiff')).toBe('initiating');
    expect(citationSideOf('respondent')).toBe('responding');
    expect(citationSideOf('client')).toBeNull();
    expect(citationSideOf('unknown')).toBeNull();
    expect(missingCitationSides([])).toEqual(['initiating', 'responding']);
    expect(missingCitationSides(['client', 'defendant'])).toEqual(['initiating']);
    expect(missingCitationSides(['applicant', 'respondent', 'witness'])).toEqual([]);
    expect(CITATION_SIDE_MISSING.initiating).toMatch(/plaintiff or applicant/);
  });
});
