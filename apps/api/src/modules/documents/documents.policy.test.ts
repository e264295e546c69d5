import { describe, expect, it } from 'vitest';
import { canTransition } from '@lexserve/contracts/documents';
import { expectedSignature, signatureMatches, submitProblems, type SubmitState } from './documents.policy';

const complete: SubmitState = {
  doc: {
    title: 'Plea',
    clientName: 'Thandi Mokoena',
    caseNumber: '2025-1',
    casePriority: 'urgent',
    documentType: 'plea',
    courtName: 'Western Cape Division, Cape Town',
    onCourtOnline: false,
    serviceFirmId: 2,
    serviceBranchId: 3,
    digitalServiceAddress: 'dsa@example.co.za',
    signatureName: 'Aisha Patel',
    serviceMethod: null,
    assignedSheriffId: null,
  },
  fileCount: 1,
  partyRoles: ['plaintiff', 'defendant'],
  signerName: 'Aisha Bibi Patel',
};

describe('signature', () => {
  it('is the first and last word of the full name', () => {
    expect(expectedSignature('Aisha Bibi Patel')).toBe('Aisha Patel');
    expect(expectedSignature('  Cher  ')).toBe('Cher');
    expect(expectedSignature('')).toBeNull();
    expect(signatureMatches('aisha  patel', 'Aisha Bibi Patel')).toBe(true);
    expect(signatureMatches('Aisha Bibi Patel', 'Aisha Bibi Patel')).toBe(true);
    expect(signatureMatches('Aisha', 'Aisha Bibi Patel')).toBe(false);
  });
});

describe('submit rules', () => {
  it('passes a complete document', () => {
    expect(submitProblems(complete)).toEqual([]);
  });

  it('names a branch without a DSA, a missing signer name and a wrong signature', () => {
    expect(
      submitProblems({ ...complete, doc: { ...complete.doc, digitalServiceAddress: null } }).map(
        (p) => p.msg,
      ),
    ).toEqual(['Selected branch must have a digital service address']);
    expect(submitProblems({ ...complete, signerName: ' ' }).map((p) => p.msg)).toEqual([
      'User name is required for digital signature. Please update your profile.',
    ]);
    expect(submitProblems({ ...complete, doc: { ...complete.doc, signatureName: 'A P' } })[0]?.loc).toEqual([
      'signature_name',
    ]);
  });
});

describe('court and citation', () => {
  it('needs the court, and Court Online only in the High Court', () => {
    const problems = submitProblems({ ...complete, doc: { ...complete.doc, courtName: null } });
    expect(problems).toEqual([
      {
        loc: ['court_name'],
        msg: expect.stringMatching(/^Please choose the court the matter is in/),
        type: 'missing',
      },
    ]);
    expect(
      submitProblems({
        ...complete,
        doc: { ...complete.doc, courtName: "Magistrate's Court, Wynberg", onCourtOnline: true },
      }).map((p) => p.loc),
    ).toEqual([['on_court_online']]);
    expect(
      submitProblems({
        ...complete,
        doc: { ...complete.doc, onCourtOnline: true, serviceMethod: 'sheriff', assignedSheriffId: 9 },
      }),
    ).toEqual([]);
  });

  it('needs a party on each side of the citation and names the side that is missing', () => {
    expect(submitProblems({ ...complete, partyRoles: ['defendant', 'client'] }).map((p) => p.msg)).toEqual([
      expect.stringMatching(/^Add a plaintiff or applicant/),
    ]);
    expect(submitProblems({ ...complete, partyRoles: [] }).map((p) => p.msg)).toEqual([
      expect.stringMatching(/^Add a plaintiff or applicant/),
      expect.stringMatching(/^Add a defendant or respondent/),
    ]);
    expect(submitProblems({ ...complete, partyRoles: ['applicant', 'respondent'] })).toEqual([]);
  });
});

describe('service channel', () => {
  const summons = {
    ...complete.doc,
    documentType: 'summons_simple',
    serviceFirmId: null,
    serviceBranchId: null,
    digitalServiceAddress: null,
  };

  it('needs a sheriff for initiating process, naming the sheriff and the rule, and no digital service address', () => {
    expect(submitProblems({ ...complete, doc: summons })).toEqual([
      {
        loc: ['assigned_sheriff_id'],
        msg: "Assign a sheriff before submitting: a Summons Simple is served by the sheriff (Uniform Rule 4(1)(a); Magistrates' Courts Rule 9).",
        type: 'value_error',
      },
    ]);
    expect(submitProblems({ ...complete, doc: { ...summons, assignedSheriffId: 7 } })).toEqual([]);
  });

  it('refuses electronic service of initiating process', () => {
    expect(
      submitProblems({
        ...complete,
        doc: { ...summons, assignedSheriffId: 7, serviceMethod: 'electronic' },
      }).map((p) => p.loc),
    ).toEqual([['service_method']]);
  });

  it('refuses e-service on a Court Online matter and says why; the sheriff may still serve it', () => {
    const problems = submitProblems({ ...complete, doc: { ...complete.doc, onCourtOnline: true } });
    expect(problems).toEqual([
      {
        loc: ['on_court_online'],
        msg: expect.stringContaining('Uniform Rules 1A and 1B'),
        type: 'value_error',
      },
    ]);
    expect(
      submitProblems({
        ...complete,
        doc: { ...complete.doc, onCourtOnline: true, serviceMethod: 'sheriff' },
      }).map((p) => p.loc),
    ).toEqual([['assigned_sheriff_id']]);
  });

  it('refuses to submit a document that is not served', () => {
    expect(
      submitProblems({ ...complete, doc: { ...complete.doc, documentType: 'draft_court_order' } }),
    ).toEqual([
      {
        loc: ['document_type'],
        msg: expect.stringMatching(/^A Draft Court Order is not served/),
        type: 'value_error',
      },
    ]);
  });
});

describe('status machine', () => {
  it('never goes back from served, and reaches completed only through closure', () => {
    expect(canTransition('draft', 'served')).toBe(true);
    expect(canTransition('served', 'draft')).toBe(false);
    expect(canTransition('served', 'pending')).toBe(false);
    expect(canTransition('served', 'received')).toBe(true);
    expect(canTransition('served', 'completed')).toBe(false);
    expect(canTransition('completed', 'archived')).toBe(true);
    expect(canTransition('archived', 'draft')).toBe(false);
    expect(canTransition('cancelled', 'served')).toBe(false);
  });
});
