import { describe, expect, it } from 'vitest';
import { initialChecklist, isChecklistComplete, normaliseChecklist } from '@lexserve/contracts/closures';
import { assessEligibility, type EligibilityInput } from './closures.eligibility';

const served: EligibilityInput = {
  status: 'served',
  revoked: false,
  assignedSheriff: false,
  activeClosure: null,
  hasProof: true,
  fileCount: 2,
  partyCount: 1,
  delivery: { opened: true },
  serviceAttempts: 0,
  lastRejection: null,
};

describe('assessEligibility', () => {
  it('passes a served case with proof, files, parties and an opened delivery, with no warnings', () => {
    expect(assessEligibility(served)).toEqual({ eligible: true, blocking: [], warnings: [] });
  });

  it('blocks closed, unserved, revoked, proofless cases and closures under way', () => {
    expect(assessEligibility({ ...served, status: 'completed' }).blocking).toEqual([
      'This case is already closed.',
    ]);
    expect(assessEligibility({ ...served, status: 'received' }).blocking).toEqual([
      'Only served cases can be closed; this case is received.',
    ]);
    expect(assessEligibility({ ...served, status: 'in_progress' }).blocking).toEqual([
      'Only served cases can be closed; this case is in progress.',
    ]);
    expect(assessEligibility({ ...served, revoked: true }).eligible).toBe(false);
    expect(assessEligibility({ ...served, hasProof: false }).blocking).toEqual([
      'No proof of service has been generated for this case.',
    ]);
    expect(assessEligibility({ ...served, activeClosure: { status: 'pending' } }).eligible).toBe(false);
    expect(assessEligibility({ ...served, activeClosure: { status: 'approved' } }).eligible).toBe(false);
  });

  it('warns about the open items without blocking', () => {
    const e = assessEligibility({
      ...served,
      fileCount: 0,
      partyCount: 0,
      assignedSheriff: true,
      delivery: { opened: false },
      lastRejection: { notes: 'Missing annexure' },
    });
    expect(e.eligible).toBe(true);
    expect(e.warnings).toEqual([
      'No documents are attached to this case.',
      'No parties are recorded for this case.',
      'The assigned sheriff has not recorded a service attempt.',
      'The recipient has not yet opened the documents served on their digital service address.',
      'An earlier closure request was rejected: Missing annexure',
    ]);
  });
});

describe('checklist rules', () => {
  it('locks the proof item to the real proof and counts the summary only when it has text', () => {
    const c = normaliseChecklist(
      initialChecklist({ hasProof: false }),
      {
        all_documents_attached: { completed: true, notes: '', required: false },
        proof_of_service_uploaded: { completed: true, notes: 'trust me', required: true },
        case_summary_completed: { completed: true, notes: '   ', required: true },
      },
      { hasProof: false },
    );
    expect(c.all_documents_attached).toEqual({ completed: true, notes: '', required: true });
    expect(c.proof_of_service_uploaded.completed).toBe(false);
    expect(c.case_summary_completed.completed).toBe(false);
    expect(isChecklistComplete(c)).toBe(false);
    const ok = normaliseChecklist(
      c,
      { case_summary_completed: { completed: false, notes: 'Done', required: true } },
      { hasProof: true },
    );
    expect(ok.case_summary_completed).toEqual({ completed: true, notes: 'Done', required: true });
    expect(ok.proof_of_service_uploaded).toEqual({
      completed: true,
      notes: 'Proof of service automatically verified',
      required: true,
    });
    expect(isChecklistComplete(ok)).toBe(true);
  });
});
