import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DashboardFeedbackProvider, type DashboardFeedback } from '../../../components/dashboard-feedback';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { emptyParty } from '../utils/party-rules';
import { computeStepStatus, emptyLegalRep, storeResumeRecord, type CaseInfo } from '../utils/wizard-rules';
import { NewMattersTab } from './new-matters-tab';

const ME = makeUser({
  id: 5,
  role: 'legal_practitioner',
  full_name: 'Aisha Bibi Patel',
  email: 'attorney@demo.co.za',
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
  renderWithProviders(
    <DashboardFeedbackProvider value={feedback}>
      <NewMattersTab />
    </DashboardFeedbackProvider>,
    { route },
  );
  return { ...api, feedback, user };
};

const choose = async (user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
};

const ready = () =>
  waitFor(
    () => expect(screen.getByRole('textbox', { name: /name of attorney/i })).toHaveValue('Aisha Bibi Patel'),
    { timeout: 8000 },
  );

describe('step 1: how the document is served, and the court', () => {
  it('shows the chosen type’s service channel with its rule, and Court Online for later documents', async () => {
    const { user } = setup();
    await ready();
    expect(screen.queryByTestId('service-channel-note')).not.toBeInTheDocument();
    await choose(user, /case category/i, 'Pleadings');
    await choose(user, /document type/i, 'Summons Combined');
    const note = await screen.findByTestId('service-channel-note');
    expect(note).toHaveTextContent(
      "Served by the sheriff — Uniform Rule 4(1)(a); Magistrates' Courts Rule 9: initiating process.",
    );
    expect(note).toHaveTextContent('It starts the action, so the sheriff serves it');

    await choose(user, /document type/i, 'Notice of Intention to Defend');
    expect(screen.getByTestId('service-channel-note')).toHaveTextContent(
      'Served electronically or by the sheriff — Uniform Rule 4A: a document after initiating process.',
    );
    await user.click(screen.getByRole('checkbox', { name: 'This matter runs on Court Online' }));
    expect(screen.getByTestId('service-channel-note')).toHaveTextContent(
      'Served through Court Online — Uniform Rules 1A and 1B (Court Online): a document after initiating process.',
    );

    await choose(user, /case category/i, 'Letters');
    await choose(user, /document type/i, 'Client Instruction Letter');
    expect(screen.getByTestId('service-channel-note')).toHaveTextContent(
      'Not served — Internal: a letter between the firm and its client.',
    );
  });

  it('offers the High Court seats, takes a typed magistrates’ court, and keeps Court Online to the High Court', async () => {
    const { user } = setup();
    await ready();
    const court = screen.getByRole('combobox', { name: /^court/i });
    await user.type(court, 'Local Division');
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Gauteng Local Division, Johannesburg', 'KwaZulu-Natal Local Division, Durban']);
    await user.click(screen.getByRole('option', { name: 'KwaZulu-Natal Local Division, Durban' }));
    expect(court).toHaveValue('KwaZulu-Natal Local Division, Durban');
    expect(screen.getByRole('checkbox', { name: 'This matter runs on Court Online' })).toBeEnabled();

    await user.clear(court);
    await user.type(court, "magistrates' court, thabazimbi");
    await user.tab();
    expect(court).toHaveValue("Magistrate's Court, Thabazimbi");
    expect(screen.getByRole('checkbox', { name: 'This matter runs on Court Online' })).toBeDisabled();
    expect(screen.getByText('Court Online serves the High Court only.')).toBeInTheDocument();

    await user.clear(court);
    await user.type(court, 'Court of Narnia');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText(/Court must be a High Court division from the list/)).not.toHaveLength(
      0,
    );
  });
});

const caseInfo: CaseInfo = {
  title: 'Summons against Mokoena',
  attorneyName: 'Aisha Bibi Patel',
  attorneyEmail: 'attorney@demo.co.za',
  caseNumber: '2025-001234',
  casePriority: 'urgent',
  caseCategory: 'Pleadings',
  documentType: 'Summons Combined',
  courtName: 'Western Cape Division, Cape Town',
  onCourtOnline: false,
};

const atStep3 = () =>
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

/** Types into a field at once (typing key by key makes this long form slow to test). */
const fill = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

const fillEntity = async (
  user: ReturnType<typeof userEvent.setup>,
  role: string,
  name: string,
  registration: string,
) => {
  await choose(user, /party role/i, role);
  await user.click(screen.getByRole('radio', { name: 'Entity' }));
  fill(/trading name/i, name);
  fill(/registration number/i, registration);
  await choose(user, /business type/i, 'Company');
  fill(/^email/i, 'legal@example.co.za');
  fill(/physical address/i, '1 Long Street, Cape Town');
};

describe('step 3: the citation', () => {
  it(
    'says what is required, builds the citation and lets Next pass only with a party on each side',
    { timeout: 60_000 },
    async () => {
      atStep3();
      const { user, find } = setup('/app/dashboard?tab=new-matters&resume=42&step=3', {
        'GET /documents/42/parties': reply(200, { parties: [], total: 0 }),
      });
      await screen.findByRole('heading', { name: 'Step 3: Parties Involved' }, { timeout: 8000 });
      expect(
        screen.getByText(/At least one party on each side is required: a plaintiff or applicant/),
      ).toBeInTheDocument();
      const citation = screen.getByRole('region', { name: 'Citation' });
      expect(within(citation).getByText('Required: add the plaintiff or applicant.')).toBeInTheDocument();
      expect(within(citation).getByText('Required: add the defendant or respondent.')).toBeInTheDocument();

      await fillEntity(user, 'Plaintiff', 'Mokoena Holdings', '2015/123456/07');
      await user.click(screen.getByRole('button', { name: 'Add to Citation' }));
      expect(
        within(screen.getByRole('list', { name: 'Plaintiff / applicant side' })).getByText(
          'Mokoena Holdings',
        ),
      ).toBeInTheDocument();
      // The next form offers the missing side.
      expect(screen.getByRole('combobox', { name: /party role/i })).toHaveTextContent('Defendant');

      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(/^Add a defendant or respondent/);
      expect(screen.getByRole('heading', { name: 'Step 3: Parties Involved' })).toBeInTheDocument();

      // The same party twice is refused.
      await fillEntity(user, 'Defendant', 'Mokoena Holdings', '2015/123456/07');
      await user.click(screen.getByRole('button', { name: 'Add to Citation' }));
      expect(await screen.findByText('This party is already in the citation.')).toBeInTheDocument();

      fill(/trading name/i, 'Dube Traders');
      fill(/registration number/i, '2019/654321/07');
      // A complete party left in the form joins the citation at Next.
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(
        await screen.findByRole('heading', { name: 'Step 4: Legal Representative Details' }),
      ).toBeInTheDocument();
      expect(find('POST', '/parties/')).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Previous' }));
      expect(
        within(await screen.findByRole('list', { name: 'Defendant / respondent side' })).getByText(
          'Dube Traders',
        ),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Remove Dube Traders' }));
      expect(
        within(screen.getByRole('region', { name: 'Citation' })).getByText(
          'Required: add the defendant or respondent.',
        ),
      ).toBeInTheDocument();
    },
  );

  it('loads the draft’s linked parties and unlinks a removed one on the server', async () => {
    atStep3();
    const party = (id: number, role: string, name: string) => ({
      id,
      document_id: 42,
      party_id: id,
      role,
      notes: null,
      is_primary: false,
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
    const { user, find } = setup('/app/dashboard?tab=new-matters&resume=42&step=3', {
      'GET /documents/42/parties': reply(200, {
        parties: [party(7, 'applicant', 'Mr Thabo Mokoena'), party(8, 'respondent', 'Ms Zanele Dube')],
        total: 2,
      }),
      'DELETE /parties/8/documents/42': reply(200, { message: 'ok' }),
    });
    expect(await screen.findByText('Ms Zanele Dube', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Draft with Parties' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove Ms Zanele Dube' }));
    await waitFor(() => expect(find('DELETE', '/parties/8/documents/42')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Ms Zanele Dube')).not.toBeInTheDocument());
  });
});

const atStep4 = (info: CaseInfo) =>
  storeResumeRecord({
    documentId: 42,
    currentStep: 4,
    stepStatus: computeStepStatus({
      currentStep: 4,
      caseInfo: info,
      partyData: emptyParty(),
      legalRep: emptyLegalRep(),
      signature: '',
      fileCount: 1,
    }),
    caseInfo: info,
    partyData: emptyParty(),
    legalRepData: emptyLegalRep(),
    signature: '',
    hasExistingFile: true,
    timestamp: Date.now(),
  });

const SHERIFF = {
  id: 31,
  full_name: 'Sipho Ndlovu',
  email: 'sheriff@demo.co.za',
  role: 'sheriff',
  office_name: 'Sheriff Cape Town East',
  appointment_number: 'SH-0042',
  service_areas: ['Cape Town'],
};

describe('step 4: how the document is served', () => {
  it(
    'asks for the sheriff of initiating process, filtered by area, and the review says it goes to the sheriff',
    { timeout: 60_000 },
    async () => {
      atStep4(caseInfo);
      const { user, find } = setup('/app/dashboard?tab=new-matters&resume=42&step=4', {
        'GET /documents/42/parties': reply(200, { parties: [], total: 0 }),
        'GET /users/sheriffs': reply(200, { users: [SHERIFF], total: 1 }),
      });
      expect(
        await screen.findByRole(
          'heading',
          { name: 'Step 4: Legal Representative Details' },
          { timeout: 8000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('note')).toHaveTextContent(
        'A Summons Combined is initiating process: the sheriff serves it',
      );
      expect(screen.queryByRole('combobox', { name: /law firm/i })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        "Assign a sheriff before submitting: a Summons Combined is served by the sheriff (Uniform Rule 4(1)(a); Magistrates' Courts Rule 9).",
      );

      fireEvent.change(screen.getByRole('combobox', { name: /service area/i }), {
        target: { value: 'Cape Town' },
      });
      await waitFor(() =>
        expect(
          find('GET', '/users/sheriffs').some((r) => r.url.searchParams.get('area') === 'Cape Town'),
        ).toBe(true),
      );
      await choose(user, /^sheriff/i, 'Sipho Ndlovu · Sheriff Cape Town East (Cape Town)');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('heading', { name: 'Step 5: Review and Submit' })).toBeInTheDocument();
      expect(screen.getByText('Service by the sheriff')).toBeInTheDocument();
      expect(screen.getByText(/It goes to/)).toHaveTextContent('It goes to Sipho Ndlovu for service');
    },
  );

  it('offers electronic service or the sheriff for a later document, and refuses e-service on Court Online', async () => {
    atStep4({ ...caseInfo, documentType: 'Notice of Intention to Defend', onCourtOnline: true });
    const { user } = setup('/app/dashboard?tab=new-matters&resume=42&step=4', {
      'GET /documents/42/parties': reply(200, { parties: [], total: 0 }),
      'GET /users/sheriffs': reply(200, { users: [SHERIFF], total: 1 }),
    });
    expect(
      await screen.findByRole('radio', { name: 'Electronic service (Uniform Rule 4A)' }, { timeout: 8000 }),
    ).toBeChecked();
    expect(screen.getByText(/This matter runs on Court Online/)).toHaveTextContent('Uniform Rules 1A and 1B');
    expect(
      screen.getByRole('combobox', { name: /where did the other party nominate this address/i }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Service by the sheriff' }));
    expect(screen.queryByText(/This matter runs on Court Online/)).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^sheriff/i })).toBeInTheDocument();
  });
});
