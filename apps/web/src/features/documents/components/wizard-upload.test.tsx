import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardFeedbackProvider, type DashboardFeedback } from '../../../components/dashboard-feedback';
import { makeCaseFile } from '../../../testing/case-factories';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { emptyParty } from '../utils/party-rules';
import { computeStepStatus, emptyLegalRep, storeResumeRecord, type CaseInfo } from '../utils/wizard-rules';
import { NewMattersTab } from './new-matters-tab';

/** The upload request (XMLHttpRequest, for its progress events), answered by the test. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload = { onprogress: null as null | ((e: unknown) => void) };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  open() {}
  setRequestHeader() {}
  send() {
    FakeXhr.sent.push(this);
  }
  abort() {}
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

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

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => localStorage.clear());

describe('Wizard step 2 uploads', () => {
  it("lists each uploaded file once, in the draft's refreshed file list", async () => {
    signIn();
    storeResumeRecord({
      documentId: 42,
      currentStep: 2,
      stepStatus: computeStepStatus({
        currentStep: 2,
        caseInfo,
        partyData: emptyParty(),
        legalRep: emptyLegalRep(),
        signature: '',
        fileCount: 0,
      }),
      caseInfo,
      partyData: emptyParty(),
      legalRepData: emptyLegalRep(),
      signature: '',
      hasExistingFile: false,
      timestamp: Date.now(),
    });
    const stored = makeCaseFile({ id: 9, document_id: 42, filename: 'summons.pdf', size: 8 });
    let onServer: (typeof stored)[] = [];
    const { find } = mockApi({
      'GET /users/me': reply(
        200,
        makeUser({ id: 5, role: 'legal_practitioner', full_name: 'Aisha Bibi Patel' }),
      ),
      'GET /documents/42/files': () => reply(200, { files: onServer, total: onServer.length, total_size: 0 }),
      'PUT /documents/42': reply(200, { status: 'success', data: { id: 42 }, message: 'ok' }),
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
      { route: '/app/dashboard?tab=new-matters&resume=42&step=2' },
    );
    expect(
      await screen.findByRole('heading', { name: 'Step 2: Upload Documents' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(find('GET', '/documents/42/files')).toHaveLength(1));

    fireEvent.change(screen.getByTestId('upload-input'), {
      target: { files: [new File(['%PDF-1.4'], 'summons.pdf', { type: 'application/pdf' })] },
    });
    await user.click(await screen.findByRole('button', { name: 'Upload Selected (1)' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    onServer = [stored];
    FakeXhr.sent[0]!.answer(201, {
      status: 'success',
      data: { files: [stored], failed: [], uploaded_count: 1, failed_count: 0 },
      message: 'ok',
    });

    // The draft's list is fetched again and shows the file; the staged list no longer repeats it.
    const uploaded = await screen.findByRole('list', { name: 'Uploaded Files' });
    expect(within(uploaded).getByText('summons.pdf')).toBeInTheDocument();
    expect(find('GET', '/documents/42/files').length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText('summons.pdf')).toHaveLength(1);
    expect(screen.getByText('Total Files:').parentElement).toHaveTextContent('Total Files: 1');
  });
});
