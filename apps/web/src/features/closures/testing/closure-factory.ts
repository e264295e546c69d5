import { initialChecklist, type Closure, type ClosurePrecheck } from '@lexserve/contracts/closures';

let nextId = 500;

/** A closure as the API answers it, with overrides. */
export const makeClosure = (overrides: Partial<Closure> = {}): Closure => {
  const id = overrides.id ?? nextId++;
  return {
    id,
    document_id: 42,
    document: { id: 42, title: 'Eviction: Mokoena v Dlamini', case_number: '2025/123', status: 'served' },
    firm_id: 1,
    firm_name: 'Demo Attorneys Inc.',
    branch_id: 1,
    closure_type: 'request',
    closure_status: 'pending',
    closure_reason: 'Service completed successfully',
    closure_notes: 'Served personally.',
    closed_by_user_id: 12,
    closed_by_user: {
      id: 12,
      full_name: 'Aisha Patel',
      name: 'Aisha Patel',
      username: 'attorney',
      email: 'attorney@demo.co.za',
    },
    approved_by_user_id: null,
    approved_by_user: null,
    approval_notes: null,
    completed_by_user_id: null,
    completed_by_user: null,
    completion_notes: null,
    requested_at: '2025-03-05T08:30:00Z',
    approved_at: null,
    completed_at: null,
    checklist_completed: {
      ...initialChecklist({ hasProof: true, summary: 'Done' }),
      all_documents_attached: { completed: true, notes: '', required: true },
    },
    created_at: '2025-03-05T08:30:00Z',
    updated_at: '2025-03-05T08:30:00Z',
    ...overrides,
  };
};

export const makePrecheck = (overrides: Partial<ClosurePrecheck> = {}): ClosurePrecheck => ({
  document_id: 42,
  eligible_for_closure: true,
  warnings: [],
  blocking_issues: [],
  document_status: 'served',
  has_proof_of_service: true,
  active_closure_id: null,
  ...overrides,
});
