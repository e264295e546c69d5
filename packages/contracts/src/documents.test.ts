import { describe, expect, it } from 'vitest';
import {
  CASE_CATEGORIES,
  CreateDocumentInputSchema,
  DOCUMENT_CATALOGUE,
  DOCUMENT_TYPES,
  UpdateDocumentInputSchema,
  documentTypeLabel,
  documentTypesOf,
  toDocumentTypeValue,
} from './documents';

describe('document catalogue', () => {
  it('has the 13 categories of spec 2 §3', () => {
    expect(CASE_CATEGORIES).toHaveLength(13);
    expect(DOCUMENT_CATALOGUE.Pleadings).toHaveLength(15);
  });

  it('converts a chosen type as the spec says', () => {
    expect(toDocumentTypeValue('Summons Simple')).toBe('summons_simple');
    expect(toDocumentTypeValue('Rule 30 / 30A Applications')).toBe('rule_30_30a_applications');
    expect(toDocumentTypeValue('Notice of Motion (On Notice)')).toBe('notice_of_motion_on_notice');
    expect(toDocumentTypeValue('Notice in terms of Rule 35(1), (3), (6), or (7)')).toBe(
      'notice_in_terms_of_rule_35_1_3_6_or_7',
    );
    expect(toDocumentTypeValue('Supporting Affidavit – Insolvency')).toBe('supporting_affidavit_insolvency');
    expect(toDocumentTypeValue('Attorney-to-Attorney Correspondence')).toBe(
      'attorneytoattorney_correspondence',
    );
    expect(toDocumentTypeValue('Section 58 / 65 Notices')).toBe('section_58_65_notices');
  });

  it('labels converted values and keeps types shared by two categories once', () => {
    expect(documentTypeLabel('summons_simple')).toBe('Summons Simple');
    expect(documentTypeLabel('unknown_value')).toBe('unknown_value');
    expect(new Set(DOCUMENT_TYPES.map((t) => t.value)).size).toBe(DOCUMENT_TYPES.length);
    expect(documentTypesOf('Letters')).toContain('letter_of_demand');
  });
});

describe('document inputs', () => {
  it('drop null and empty values, as the client does before sending', () => {
    expect(
      UpdateDocumentInputSchema.parse({ title: '', case_number: null, client_name: '  ', status: 'served' }),
    ).toEqual({ status: 'served' });
  });

  it('refuse a line break or control character inside a title, case number or name; trim one at the ends', () => {
    for (const field of ['title', 'case_number', 'client_name', 'recipient_name']) {
      expect(CreateDocumentInputSchema.safeParse({ [field]: 'A\r\nBcc: x@example.com' }).success).toBe(false);
      expect(CreateDocumentInputSchema.safeParse({ [field]: 'A\u0007B' }).success).toBe(false);
    }
    expect(UpdateDocumentInputSchema.safeParse({ signature_name: 'Aisha\nPatel' }).success).toBe(false);
    expect(CreateDocumentInputSchema.parse({ title: '  Summons\n' })).toEqual({ title: 'Summons' });
  });

  it('accept a document type label or value, and draft metadata as object or string', () => {
    const parsed = CreateDocumentInputSchema.parse({
      document_type: 'Summons Simple',
      draft_metadata: { version: 1 },
    });
    expect(parsed).toEqual({ document_type: 'summons_simple', draft_metadata: '{"version":1}' });
    expect(CreateDocumentInputSchema.safeParse({ document_type: 'Pizza' }).success).toBe(false);
  });
});

describe('court of a matter', () => {
  it('accepts a listed court or a magistrates’ court, canonical, and a Court Online flag', () => {
    expect(
      UpdateDocumentInputSchema.parse({
        court_name: 'gauteng local division, johannesburg',
        on_court_online: false,
      }),
    ).toEqual({
      court_name: 'Gauteng Local Division, Johannesburg',
      on_court_online: false,
    });
    expect(UpdateDocumentInputSchema.safeParse({ court_name: 'The Moon Court' }).success).toBe(false);
  });
});
