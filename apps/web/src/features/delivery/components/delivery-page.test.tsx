import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { DeliveryPage } from './delivery-page';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789';
const EXPIRED = {
  detail: 'This delivery link has expired. You can ask for a fresh link to be sent to the same address.',
  code: 'DELIVERY_LINK_EXPIRED',
};
const SUPERSEDED = {
  detail: 'A newer delivery link has been sent for these documents. Please use the latest e-mail.',
  code: 'DELIVERY_LINK_SUPERSEDED',
};
const SENT = {
  status: 'success',
  data: { sent_to: 'r***@example.co.za', expires_at: '2025-05-15T10:00:00Z' },
  message: 'A fresh link has been sent to r***@example.co.za',
};

const PAGE = {
  document: {
    title: 'Plea in Mokoena v Dlamini',
    case_number: '2025-1234',
    document_type: 'plea',
    document_type_label: 'Plea',
    served_at: '2025-05-01T10:00:00Z',
    firm_name: 'Demo Attorneys Inc.',
    branch_name: 'Cape Town (Main)',
    firm_email: 'info@demo.co.za',
    served_on: 'reception@example.co.za',
  },
  files: [
    {
      id: 7,
      filename: 'plea.pdf',
      size: 2048,
      mime_type: 'application/pdf',
      sha256: 'ab'.repeat(32),
      download_url: `/api/v1/delivery/${TOKEN}/files/7`,
      original_download_url: `/api/v1/delivery/${TOKEN}/files/7?original=true`,
      stamped: true,
      served_copy_sha256: 'cd'.repeat(32),
    },
  ],
  proof_of_service: null,
  expires_at: '2025-05-15T10:00:00Z',
  session: 'session-of-this-opening',
  session_expires_at: '2025-05-15T10:00:00Z',
};

const render = () =>
  renderWithProviders(<DeliveryPage />, { route: `/delivery/${TOKEN}`, path: '/delivery/:token' });

describe('DeliveryPage', () => {
  it('opens the documents and says the link works as often as needed until it expires', async () => {
    localStorage.clear();
    const { find } = mockApi({ [`GET /delivery/${TOKEN}`]: reply(200, PAGE) });
    render();
    expect(
      await screen.findByRole('heading', { name: 'Documents served on you' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/can be opened as many times as needed, from any browser/)).toBeInTheDocument();
    expect(screen.queryByText(/only once/)).not.toBeInTheDocument();
    // The opening's session is kept for this browser and sent with later calls, never in the address.
    expect(localStorage.getItem(`delivery_session_${TOKEN}`)).toBe('session-of-this-opening');
    expect(find('GET', `/delivery/${TOKEN}`)[0]?.headers.get('Authorization')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a fresh link' })).not.toBeInTheDocument();
  });

  it('gives the stamped served copy, with its hash, and the file as uploaded on request', async () => {
    localStorage.clear();
    const { find } = mockApi({
      [`GET /delivery/${TOKEN}`]: reply(200, PAGE),
      [`GET /delivery/${TOKEN}/files/7`]: reply(200, 'pdf'),
    });
    const user = userEvent.setup({ delay: null });
    render();
    expect(
      await screen.findByText(/stamped with the security ID on every page/, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(`Stamped copy SHA-256 ${'cd'.repeat(32)}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Original of plea.pdf, as uploaded (no stamp)' }));
    await waitFor(() =>
      expect(
        find('GET', `/delivery/${TOKEN}/files/7`).some((r) => r.url.searchParams.get('original') === 'true'),
      ).toBe(true),
    );
  });

  it('offers a fresh link once the link has expired and says where it went, masked', async () => {
    const { find } = mockApi({
      [`GET /delivery/${TOKEN}`]: reply(410, EXPIRED),
      [`POST /delivery/${TOKEN}/fresh-link`]: reply(201, SENT),
    });
    const user = userEvent.setup({ delay: null });
    render();
    expect(
      await screen.findByRole('heading', { name: 'This link has expired' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(EXPIRED.detail)).toBeInTheDocument();
    expect(screen.getByText(/never sent to any other address/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a fresh link' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('A fresh link has been sent to r***@example.co.za');
    expect(screen.queryByRole('button', { name: 'Send a fresh link' })).not.toBeInTheDocument();
    const posts = find('POST', `/delivery/${TOKEN}/fresh-link`);
    expect(posts).toHaveLength(1);
    // No address is ever sent: the server mails the nominated address only.
    expect(posts[0]!.body).toEqual({});
    expect(posts[0]!.headers.get('Authorization')).toBeNull();
  });

  it('offers it on a superseded link and shows the server’s words when too many were asked for', async () => {
    const limited = {
      detail:
        'A fresh link was sent to this address several times in the last hour. Please check that mailbox (and its spam folder) for the latest link, or try again in 42 minutes.',
      code: 'DELIVERY_FRESH_LINK_LIMIT',
    };
    mockApi({
      [`GET /delivery/${TOKEN}`]: reply(410, SUPERSEDED),
      [`POST /delivery/${TOKEN}/fresh-link`]: reply(429, limited),
    });
    const user = userEvent.setup({ delay: null });
    render();
    expect(
      await screen.findByRole('heading', { name: 'A newer link was sent' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a fresh link' }));
    await waitFor(() => expect(screen.getByText(limited.detail)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Send a fresh link' })).toBeEnabled();
  });

  it('offers no fresh link for an unknown or revoked link', async () => {
    mockApi({
      [`GET /delivery/${TOKEN}`]: reply(410, {
        detail: 'These documents have been revoked by the sending firm and are no longer available.',
        code: 'DELIVERY_REVOKED',
      }),
    });
    render();
    expect(
      await screen.findByRole('heading', { name: 'Documents unavailable' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('These documents have been revoked by the sending firm and are no longer available.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a fresh link' })).not.toBeInTheDocument();
  });

  it('says so when the link expires while the page is open, and offers a fresh link there', async () => {
    localStorage.clear();
    mockApi({
      [`GET /delivery/${TOKEN}`]: reply(200, PAGE),
      [`GET /delivery/${TOKEN}/files/7`]: reply(410, EXPIRED),
      [`POST /delivery/${TOKEN}/fresh-link`]: reply(201, SENT),
    });
    const user = userEvent.setup({ delay: null });
    render();
    await user.click(await screen.findByRole('button', { name: 'Download plea.pdf' }, { timeout: 8000 }));
    expect(await screen.findByText(EXPIRED.detail)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a fresh link' }));
    expect(
      await screen.findByText(/A fresh link has been sent to r\*\*\*@example\.co\.za/),
    ).toBeInTheDocument();
  });
});
