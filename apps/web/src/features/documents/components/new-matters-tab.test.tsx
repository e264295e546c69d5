import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DashboardFeedbackProvider, type DashboardFeedback } from '../../../components/dashboard-feedback';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { emptyParty } from '../utils/party-rules';
import {
  RESUME_STORAGE_KEY,
  computeStepStatus,
  emptyLegalRep,
  storeResumeRecord,
  type CaseInfo,
} from '../utils/wizard-rules';
import { NewMattersTab } from './new-matters-tab';

const ME = makeUser({
  id: 5,
  role: 'legal_practitioner',
  full_name: 'Aisha Bibi Patel',
  email: 'attorney@demo.co.za',
});

const caseInfo: CaseInfo = {
  title: 'Summons against Mokoena',
  attorneyName: 'Aisha Bibi Patel',
  attorneyEmail: 'attorney@demo.co.za',
  caseNumber: '2025-001234',
  casePriority: 'urgent',
  caseCategory: 'Pleadings',
  documentType: 'Summons Simple',
  courtName: 'Western Cape Division, Cape Town',
  onCourtOnline: false,
};

/** Party links as GET /documents/{id}/parties answers them. */
const link = (id: number, role: string, name: string) => ({
  id,
  document_id: 42,
  party_id: id,
  role,
  notes: null,
  is_primary: id === 1,
  created_at: '2025-05-01T08:00:00Z',
  party: {
    id,
    party_type: 'individual',
    type: 'individual',
    display_name: name,
    id_number: null,
    registration_number: null,
  },
});
const CITED = {
  parties: [link(1, 'plaintiff', 'Mr Thabo Mokoena'), link(2, 'defendant', 'Ms Zanele Dube')],
  total: 2,
};

const doc = (overrides: Record<string, unknown> = {}) => ({
  id: 42,
  title: caseInfo.title,
  status: 'draft',
  status_enum: 'draft',
  file_name: null,
  file_count: 0,
  draft_metadata: null,
  parsed_draft_metadata: null,
  created_at: '2025-05-01T08:00:00Z',
  updated_at: '2025-05-01T08:00:00Z',
  ...overrides,
});

const setup = (route = '/app/dashboard?tab=new-matters', handlers: Parameters<typeof mockApi>[0] = {}) => {
  signIn();
  const api = mockApi({
    'GET /users/me': reply(200, ME),
    'GET /documents/42/files': reply(200, { files: [], total: 0, total_size: 0 }),
    ...handlers,
  });
  const feedback: DashboardFeedback = {
    showLoading: vi.fn(),
    hideLoading: vi.fn(),
    showSuccess: vi.fn(),
    showError: vi.fn(),
  };
  const user = userEvent.setup({ delay: null });
  const view = renderWithProviders(
    <DashboardFeedbackProvider value={feedback}>
      <NewMattersTab />
    </DashboardFeedbackProvider>,
    { route },
  );
  return { ...api, ...view, feedback, user };
};

const choose = async (user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
};

/** The first render of a file pays for loading MUI: allow it more than the default second. */
const attorneyPrefilled = () =>
  waitFor(
    () => expect(screen.getByRole('textbox', { name: /name of attorney/i })).toHaveValue('Aisha Bibi Patel'),
    { timeout: 8000 },
  );

const fillCaseInfo = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByRole('textbox', { name: /document title/i }), caseInfo.title);
  await user.type(screen.getByRole('textbox', { name: /case number/i }), caseInfo.caseNumber);
  await choose(user, /case priority/i, 'Urgent');
  await choose(user, /case category/i, 'Pleadings');
  await choose(user, /document type/i, 'Summons Simple');
  await user.type(screen.getByRole('combobox', { name: /^court/i }), 'Western Cape Division, Cape');
  await user.click(await screen.findByRole('option', { name: 'Western Cape Division, Cape Town' }));
};

describe('New Matter wizard', () => {
  it('prefills the attorney from the user and shows every step 1 message in order on Next', async () => {
    const { user } = setup();
    await attorneyPrefilled();
    expect(screen.getByRole('textbox', { name: /attorney email/i })).toHaveValue('attorney@demo.co.za');
    expect(screen.queryByRole('combobox', { name: /document type/i })).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Complete case information to save' });
    expect(save).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.clear(screen.getByRole('textbox', { name: /name of attorney/i }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Document title is required',
      'Attorney Name is required',
      'Case Number is required',
      'Case Priority is required',
      'Case Category is required',
      'Document Type is required',
      'Court is required',
    ]);
    expect(screen.getByRole('heading', { name: 'Step 1: Case Information' })).toBeInTheDocument();
  });

  it('enables "Save Draft" when step 1 is complete and walks the steps with their labels', async () => {
    const { user, find } = setup('/app/dashboard?tab=new-matters', {
      'POST /documents': reply(201, { status: 'success', data: doc(), message: 'ok' }),
    });
    await attorneyPrefilled();
    await fillCaseInfo(user);
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeEnabled();
    // Opening the wizard and typing make no draft: an abandoned attempt leaves nothing behind.
    expect(find('POST', '/documents/')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 2: Upload Documents' })).toBeInTheDocument();
    // Leaving step 1 complete makes the draft, once, so that the autosave keeps what follows.
    await waitFor(() => expect(find('POST', '/documents/')).toHaveLength(1));
    expect(find('POST', '/documents/')[0]?.body).toMatchObject({
      title: caseInfo.title,
      case_number: '2025-001234',
    });
    expect(screen.getByRole('button', { name: 'Upload document to save' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please upload at least one document')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'Step 1: Case Information' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /document title/i })).toHaveValue(caseInfo.title);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 2: Upload Documents' })).toBeInTheDocument();
    expect(find('POST', '/documents/')).toHaveLength(1);
  });

  it('saves a step 1 draft with the converted document type and version 1 metadata', async () => {
    const { user, find, feedback } = setup('/app/dashboard?tab=new-matters', {
      'POST /documents': reply(201, { status: 'success', data: doc(), message: 'ok' }),
      'PUT /documents/42': reply(200, { status: 'success', data: doc(), message: 'ok' }),
      'GET /documents/42': reply(200, doc()),
    });
    await attorneyPrefilled();
    await fillCaseInfo(user);
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() =>
      expect(feedback.showSuccess).toHaveBeenCalledWith(
        'Case information saved as draft! You can continue with document upload when ready. You can resume anytime from My Cases.',
      ),
    );
    const created = find('POST', '/documents/')[0]?.body as Record<string, unknown>;
    expect(created).toMatchObject({
      title: caseInfo.title,
      document_type: 'summons_simple',
      case_number: '2025-001234',
      case_priority: 'urgent',
      client_name: 'Aisha Bibi Patel',
      court_name: 'Western Cape Division, Cape Town',
      on_court_online: false,
    });
    const updated = find('PUT', '/documents/42')[0]?.body as { draft_metadata: Record<string, unknown> };
    expect(updated.draft_metadata).toMatchObject({
      version: 1,
      step_status: {
        step1_completed: true,
        step2_completed: false,
        completion_percentage: 20,
        last_active_step: 1,
      },
    });
    expect(updated).not.toHaveProperty('status');
    expect(find('GET', '/documents/42')).toHaveLength(1);
  });

  it('resumes a draft from a fresh record: notice, hidden earlier steps, minStep and "← Edit Case Info"', async () => {
    const stepStatus = computeStepStatus({
      currentStep: 3,
      caseInfo,
      partyData: emptyParty(),
      legalRep: emptyLegalRep(),
      signature: '',
      fileCount: 1,
    });
    storeResumeRecord({
      documentId: 42,
      currentStep: 3,
      stepStatus,
      caseInfo,
      partyData: emptyParty(),
      legalRepData: emptyLegalRep(),
      signature: '',
      hasExistingFile: true,
      timestamp: Date.now(),
    });
    const { user, find } = setup('/app/dashboard?tab=new-matters&resume=42&step=3', {
      'GET /documents/42/parties': reply(200, { parties: [], total: 0 }),
    });
    expect(await screen.findByText('Draft loaded! Continuing from step 3.')).toBeInTheDocument();
    expect(localStorage.getItem(RESUME_STORAGE_KEY)).toBeNull();
    expect(find('GET', '/documents/42')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Step 3: Parties Involved' })).toBeInTheDocument();
    expect(screen.getByText(/At least one party on each side is required/)).toBeInTheDocument();
    // The stepper keeps the real numbers: Parties is step 3, not "1".
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(/^3Parties$/);
    expect(screen.queryByText('Case Info')).not.toBeInTheDocument();
    expect(screen.queryByText('Upload')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Complete party details to save' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '← Edit Case Info' }));
    expect(await screen.findByRole('heading', { name: 'Step 1: Case Information' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /document title/i })).toHaveValue(caseInfo.title);
    expect(screen.queryByRole('button', { name: '← Edit Case Info' })).not.toBeInTheDocument();
  });

  it('loads the draft from the server without a record, and starts over when that fails', async () => {
    const meta = {
      version: 1,
      last_saved_at: '2025-05-01T08:00:00Z',
      step_status: { step1_completed: true, step2_completed: true, last_active_step: 2 },
      wizard_data: { case_info: caseInfo },
    };
    const ok = setup('/app/dashboard?tab=new-matters&resume=42', {
      'GET /documents/42': reply(
        200,
        doc({ parsed_draft_metadata: meta, file_name: 'a.pdf', file_count: 1 }),
      ),
    });
    expect(await screen.findByText('Draft loaded! Continuing from step 3.')).toBeInTheDocument();
    ok.unmount();

    const failing = setup('/app/dashboard?tab=new-matters&resume=42', {
      'GET /documents/42': reply(500, { detail: 'boom' }),
    });
    await waitFor(() =>
      expect(failing.feedback.showError).toHaveBeenCalledWith(
        'Failed to load draft information. Resuming from beginning.',
      ),
    );
    expect(screen.getByRole('heading', { name: 'Step 1: Case Information' })).toBeInTheDocument();
  });

  it('validates the party once one is entered, and needs a party on each side of the citation at Next', async () => {
    storeResumeRecord({
      documentId: 42,
      currentStep: 3,
      stepStatus: computeStepStatus({
        currentStep: 3,
        caseInfo,
        partyData: emptyParty(),
        legalRep: emptyLegalRep(),
        signature: '',
        fileCount: 1,
      }),
      caseInfo,
      partyData: emptyParty(),
      legalRepData: emptyLegalRep(),
      signature: '',
      hasExistingFile: true,
      timestamp: Date.now(),
    });
    const { user } = setup('/app/dashboard?tab=new-matters&resume=42&step=3');
    await screen.findByRole('heading', { name: 'Step 3: Parties Involved' });
    await user.type(screen.getByRole('textbox', { name: /first name/i }), 'John');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('listitem')[0]).toHaveTextContent('Party title is required');
    expect(within(alert).queryByText('Party first name is required')).not.toBeInTheDocument();

    // An empty form no longer skips the step: the citation needs both sides.
    await user.clear(screen.getByRole('textbox', { name: /first name/i }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const sides = await screen.findByRole('alert');
    expect(
      within(sides)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Add a plaintiff or applicant: the party bringing the matter (one party on each side of the citation is required)',
      'Add a defendant or respondent: the party the matter is brought against (one party on each side of the citation is required)',
    ]);
    expect(screen.getByRole('heading', { name: 'Step 3: Parties Involved' })).toBeInTheDocument();
  });

  it('requires the signature on step 5 and builds it from the first and last name', async () => {
    storeResumeRecord({
      documentId: 42,
      currentStep: 5,
      stepStatus: computeStepStatus({
        currentStep: 5,
        caseInfo,
        partyData: emptyParty(),
        legalRep: emptyLegalRep(),
        signature: '',
        fileCount: 1,
      }),
      caseInfo,
      partyData: emptyParty(),
      legalRepData: {
        ...emptyLegalRep(),
        firmId: 1,
        firmName: 'Opp Inc',
        branchId: 2,
        branchName: 'Main',
        digitalServiceAddress: 'dsa@x.co.za',
      },
      signature: '',
      hasExistingFile: true,
      timestamp: Date.now(),
    });
    const { user } = setup('/app/dashboard?tab=new-matters&resume=42&step=5');
    await screen.findByRole('heading', { name: 'Step 5: Review and Submit' });
    expect(screen.getByRole('button', { name: 'Add signature to finalize' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit Document' })).toBeDisabled();
    expect(await screen.findByLabelText('Signature: Aisha Patel')).toBeInTheDocument();
    expect(screen.getByText(/By proceeding, you confirm/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Document' }));
    expect(screen.getByRole('button', { name: 'Save Complete Draft' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Submit Document' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Signature Preview' })).toHaveTextContent('Aisha Patel');
  });
});

describe('New Matter submit', () => {
  const readyToSubmit = () =>
    storeResumeRecord({
      documentId: 42,
      currentStep: 5,
      stepStatus: computeStepStatus({
        currentStep: 5,
        caseInfo,
        partyData: emptyParty(),
        legalRep: emptyLegalRep(),
        signature: '',
        fileCount: 1,
      }),
      caseInfo,
      partyData: emptyParty(),
      legalRepData: {
        ...emptyLegalRep(),
        firmId: 1,
        firmName: 'Opp Inc',
        branchId: 2,
        branchName: 'Main',
        digitalServiceAddress: 'dsa@x.co.za',
      },
      signature: '',
      hasExistingFile: true,
      timestamp: Date.now(),
    });

  it('submits with status served, reads "Submitting..." then "Generating Proof...", and opens the case after 2 s', async () => {
    readyToSubmit();
    let releaseProof: (r: Response) => void = () => undefined;
    const { user, find, feedback, router } = setup('/app/dashboard?tab=new-matters&resume=42&step=5', {
      'GET /documents/42/parties': reply(200, CITED),
      'PUT /documents/42': reply(200, { status: 'success', data: doc({ status: 'served' }), message: 'ok' }),
      'GET /documents/42': reply(200, doc({ status: 'served' })),
      'GET /proof-of-service/document/42': () => new Promise<Response>((resolve) => (releaseProof = resolve)),
    });
    await screen.findByRole('heading', { name: 'Step 5: Review and Submit' });
    await user.click(await screen.findByRole('button', { name: 'Sign Document' }));
    await user.click(screen.getByRole('button', { name: 'Submit Document' }));
    expect(await screen.findByRole('button', { name: 'Generating Proof...' })).toBeDisabled();
    expect(feedback.showLoading).toHaveBeenCalledWith('Processing...');
    expect(feedback.showLoading).toHaveBeenCalledWith('Generating Proof...');
    const put = find('PUT', '/documents/42')[0]?.body as Record<string, unknown>;
    expect(put).toMatchObject({ status: 'served', signature_name: 'Aisha Patel', firm_id: 1, branch_id: 2 });
    expect(Date.parse(put.service_date as string)).toBeGreaterThan(Date.now() - 60_000);
    releaseProof(
      new Response(JSON.stringify({ exists: true, document_id: 42 }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await waitFor(() =>
      expect(feedback.showSuccess).toHaveBeenCalledWith(
        'Document submitted successfully! Redirecting to case view...',
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard/active-case/42'), {
      timeout: 4000,
    });
  });

  it('says so when the proof of service fails, and when the server refuses the submit', async () => {
    readyToSubmit();
    const failingProof = setup('/app/dashboard?tab=new-matters&resume=42&step=5', {
      'GET /documents/42/parties': reply(200, CITED),
      'PUT /documents/42': reply(200, { status: 'success', data: doc({ status: 'served' }), message: 'ok' }),
      'GET /documents/42': reply(200, doc({ status: 'served' })),
      'GET /proof-of-service/document/42': reply(200, { exists: false, document_id: 42 }),
      'POST /proof-of-service/generate/42': reply(422, { detail: 'x' }),
    });
    await screen.findByRole('heading', { name: 'Step 5: Review and Submit' });
    await failingProof.user.click(await screen.findByRole('button', { name: 'Sign Document' }));
    await failingProof.user.click(screen.getByRole('button', { name: 'Submit Document' }));
    const message =
      'Document completed successfully, but failed to generate proof of service: Document validation failed. The document may not be in a valid state for proof generation.';
    await waitFor(() => expect(failingProof.feedback.showError).toHaveBeenCalledWith(message));
    expect(screen.getByRole('button', { name: 'Open Case' })).toBeInTheDocument();
    failingProof.unmount();

    readyToSubmit();
    const refused = setup('/app/dashboard?tab=new-matters&resume=42&step=5', {
      'GET /documents/42/parties': reply(200, CITED),
      'PUT /documents/42': reply(422, {
        detail: [{ loc: ['body', 'court_name'], msg: 'Court is required by the server', type: 'missing' }],
      }),
    });
    await screen.findByRole('heading', { name: 'Step 5: Review and Submit' });
    await refused.user.click(await screen.findByRole('button', { name: 'Sign Document' }));
    await refused.user.click(screen.getByRole('button', { name: 'Submit Document' }));
    await waitFor(() =>
      expect(refused.feedback.showError).toHaveBeenCalledWith('Failed to submit document. Please try again.'),
    );
    expect((await screen.findAllByText('Court is required by the server')).length).toBeGreaterThan(0);
  });

  it('takes a refused submit back to the step of the field the server names, and marks that field', async () => {
    readyToSubmit();
    const { user } = setup('/app/dashboard?tab=new-matters&resume=42&step=5', {
      'GET /documents/42/parties': reply(200, CITED),
      'PUT /documents/42': reply(422, {
        detail: [
          {
            loc: ['body', 'signature_name'],
            msg: 'The digital signature must match your name',
            type: 'value_error',
          },
          { loc: ['body', 'court_name'], msg: 'Court is required by the server', type: 'missing' },
        ],
      }),
    });
    await screen.findByRole('heading', { name: 'Step 5: Review and Submit' });
    await user.click(await screen.findByRole('button', { name: 'Sign Document' }));
    await user.click(screen.getByRole('button', { name: 'Submit Document' }));
    // The earliest step with a problem, shown again although the resumed draft had hidden it.
    expect(await screen.findByRole('heading', { name: 'Step 1: Case Information' })).toBeInTheDocument();
    const court = screen.getByRole('combobox', { name: /Court/ });
    expect(court).toHaveAttribute('aria-invalid', 'true');
    expect(court).toHaveAccessibleDescription('Court is required by the server');
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('Court is required by the server');
    expect(summary).toHaveTextContent('The digital signature must match your name');
    await waitFor(() => expect(summary).toHaveFocus());
    // Typing a court answers the server's message for it.
    await user.type(court, 'W');
    await waitFor(() => expect(court).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it('marks the signature when the server refuses it, on the review step', async () => {
    readyToSubmit();
    const { user } = setup('/app/dashboard?tab=new-matters&resume=42&step=5', {
      'GET /documents/42/parties': reply(200, CITED),
      'PUT /documents/42': reply(422, {
        detail: [
          {
            loc: ['body', 'signature_name'],
            msg: 'The digital signature must match your name',
            type: 'value_error',
          },
        ],
      }),
    });
    await screen.findByRole('heading', { name: 'Step 5: Review and Submit' });
    await user.click(await screen.findByRole('button', { name: 'Sign Document' }));
    await user.click(screen.getByRole('button', { name: 'Submit Document' }));
    const remove = await screen.findByRole('button', { name: 'Remove Signature' });
    await waitFor(() =>
      expect(remove).toHaveAccessibleDescription('The digital signature must match your name'),
    );
    expect(screen.getByRole('heading', { name: 'Step 5: Review and Submit' })).toBeInTheDocument();
  });

  it("brings the server's refusal into view and focuses it, not only a toast near the button", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    readyToSubmit();
    const { user } = setup('/app/dashboard?tab=new-matters&resume=42&step=5', {
      'GET /documents/42/parties': reply(200, CITED),
      'PUT /documents/42': reply(422, {
        detail: [{ loc: ['body', 'court_name'], msg: 'Court is required by the server', type: 'missing' }],
      }),
    });
    await screen.findByRole('heading', { name: 'Step 5: Review and Submit' });
    await user.click(await screen.findByRole('button', { name: 'Sign Document' }));
    await user.click(screen.getByRole('button', { name: 'Submit Document' }));
    const alert = (await screen.findAllByText('Court is required by the server'))[0]!.closest(
      '[role="alert"]',
    );
    expect(alert).not.toBeNull();
    await waitFor(() => expect(alert).toHaveFocus());
    expect(scrolled).toHaveBeenCalled();
  });

  it('saves a draft as the user works, a moment after they stop, without submitting it', async () => {
    readyToSubmit();
    const { user, find } = setup('/app/dashboard?tab=new-matters&resume=42&step=5', {
      'GET /documents/42/parties': reply(200, CITED),
      'PUT /documents/42': reply(200, { status: 'success', data: doc(), message: 'ok' }),
    });
    await screen.findByRole('heading', { name: 'Step 5: Review and Submit' });
    await user.click(await screen.findByRole('button', { name: 'Sign Document' }));
    await waitFor(() => expect(find('PUT', '/documents/42')).toHaveLength(1), { timeout: 5000 });
    const body = find('PUT', '/documents/42')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ signature_name: 'Aisha Patel' });
    expect(body).not.toHaveProperty('status');
    expect(body.draft_metadata).toMatchObject({ wizard_data: { signature: 'Aisha Patel' } });
    expect(find('POST', '/documents/')).toHaveLength(0);
  });

  it('asks for the missing side of the citation before submitting', async () => {
    readyToSubmit();
    const { user, find } = setup('/app/dashboard?tab=new-matters&resume=42&step=5', {
      'GET /documents/42/parties': reply(200, {
        parties: [link(2, 'defendant', 'Ms Zanele Dube')],
        total: 1,
      }),
    });
    await screen.findByRole('heading', { name: 'Step 5: Review and Submit' });
    expect(await screen.findByText('Ms Zanele Dube')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Sign Document' }));
    await user.click(screen.getByRole('button', { name: 'Submit Document' }));
    expect(await screen.findByText(/^Add a plaintiff or applicant/)).toBeInTheDocument();
    // No submit (a PUT with a status); the signature's autosave, 1.5 s after signing, may have come on a slow machine.
    const submits = find('PUT', '/documents/42').filter((call) => 'status' in (call.body as object));
    expect(submits).toHaveLength(0);
  });
});
