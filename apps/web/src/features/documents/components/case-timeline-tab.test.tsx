import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TrailVerification } from '@lexserve/contracts/documents';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { CaseTimelineTab } from './case-timeline-tab';

const EVENTS = [
  {
    id: 42,
    document_id: 7,
    event_type: 'updated',
    is_system_event: false,
    created_at: '2025-11-21T10:00:00Z',
    event_description: 'Document updated: title',
    performed_by: {
      id: 5,
      full_name: 'Aisha Patel',
      email: 'attorney@demo.co.za',
      firm_name: 'Demo Attorneys Inc.',
    },
    event_metadata: {},
  },
];

const INTACT: TrailVerification = {
  intact: true,
  events: 1,
  head_hash: 'ab'.repeat(32),
  first_broken_event_id: null,
  problem: null,
  anchored: {
    head_hash: 'ab'.repeat(32),
    at: '2025-11-21T22:10:00Z',
    authority: 'CN=LexServe Local Time-Stamping Authority',
  },
};

const setup = ({ verify = reply(200, INTACT), handlers = {}, canDownloadCertificate = true } = {}) => {
  signIn();
  const api = mockApi({
    'GET /users/me': reply(200, makeUser({ id: 5, role: 'legal_practitioner' })),
    'GET /documents/7/timeline': reply(200, { events: EVENTS, total: EVENTS.length }),
    'GET /documents/7/timeline/verify': verify,
    ...handlers,
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <CaseTimelineTab documentId={7} caseNumber="2025-1234" canDownloadCertificate={canDownloadCertificate} />,
  );
  return { ...api, user };
};

describe('the Timeline tab: tamper-evident trail', () => {
  it('says the trail is intact, with the head hash and the time-stamp on hover', async () => {
    const { find, user } = setup();
    await user.hover(await screen.findByText('Trail intact ✓', {}, { timeout: 8000 }));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(`Head hash ${'ab'.repeat(32)}`);
    expect(tooltip).toHaveTextContent('by CN=LexServe Local Time-Stamping Authority');
    expect(find('GET', '/documents/7/timeline/verify')).toHaveLength(1);
  });

  it('says where the trail is broken', async () => {
    const { user } = setup({
      verify: reply(200, {
        ...INTACT,
        intact: false,
        first_broken_event_id: 42,
        problem: 'Event #42 was changed after it was recorded.',
        anchored: null,
      }),
    });
    await user.hover(await screen.findByText('Trail broken at event #42', {}, { timeout: 8000 }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Event #42 was changed after it was recorded. Not time-stamped yet',
    );
    expect(screen.queryByText('Trail intact ✓')).not.toBeInTheDocument();
  });

  it('downloads the audit certificate', async () => {
    const createObjectURL = vi.fn(() => 'blob:certificate');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('audit_certificate_2025-1234.pdf');
    });
    const { find, user } = setup({
      handlers: {
        'GET /documents/7/audit-certificate': () =>
          new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Download audit certificate' }, { timeout: 8000 }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(find('GET', '/documents/7/audit-certificate')).toHaveLength(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('shows why a certificate was refused', async () => {
    const { user } = setup({
      handlers: {
        'GET /documents/7/audit-certificate': reply(403, {
          detail: "The audit certificate is issued only to the document's firm and its assigned sheriff.",
          code: 'AUDIT_CERTIFICATE_FORBIDDEN',
        }),
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Download audit certificate' }, { timeout: 8000 }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The audit certificate is issued only to the document's firm and its assigned sheriff.",
    );
  });

  it('offers no certificate to whom the server would refuse it', async () => {
    setup({ canDownloadCertificate: false });
    await screen.findByText('Trail intact ✓', {}, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: 'Download audit certificate' })).not.toBeInTheDocument();
  });
});
