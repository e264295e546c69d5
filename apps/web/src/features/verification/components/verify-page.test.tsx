import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { VerifyPage } from './verify-page';

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  uploadWithProgress: vi.fn(async () => ({
    valid: true,
    status: 'verified',
    message: 'This document is authentic: it was served through LexServe and has not been altered.',
    sha256: 'ab'.repeat(32),
    size: 1200,
    match: 'served_document',
    filename: 'summons.pdf',
    security_id: 'LS-7K3M-9QXD-2HJP-RT4W',
    document_type: 'Summons Simple',
    pdf_type: 'served_document',
    generation_date: '2025-05-01T10:00:00Z',
    verification_count: 3,
    hash_verified: true,
    firm_verified: true,
    verification_url: 'http://localhost/verify/LS-7K3M-9QXD-2HJP-RT4W',
    firm_name: 'Demo Attorneys Inc.',
    service_date: '2025-05-01T10:00:00Z',
    revoked_at: null,
    version: null,
    current_version: null,
    current_version_generated_at: null,
    superseded: false,
    superseded_by_version: null,
    superseded_at: null,
  })),
}));

const ID = 'LS-7K3M-9QXD-2HJP-RT4W';
const verified = {
  valid: true,
  status: 'verified',
  security_id: ID,
  message: 'This document is authentic: it was served through LexServe and has not been altered.',
  document_type: 'Summons Simple',
  pdf_type: 'proof_of_service',
  generation_date: '2025-05-01T10:00:00Z',
  verification_count: 4,
  hash_verified: true,
  firm_verified: true,
  verification_url: `http://localhost:3000/verify/${ID}`,
  firm_name: 'Demo Attorneys Inc.',
  service_date: '2025-05-01T10:00:00Z',
  revoked_at: null,
  version: 4,
  current_version: 4,
  current_version_generated_at: '2025-05-01T10:00:00Z',
  superseded: false,
  superseded_by_version: null,
  superseded_at: null,
  served_files: [
    { filename: 'summons.pdf', sha256: 'ab'.repeat(32), size: 1200, served_copy_sha256: 'cd'.repeat(32) },
    { filename: 'affidavit.docx', sha256: 'ef'.repeat(32), size: 900, served_copy_sha256: null },
  ],
};

const render = (route = '/verify') =>
  renderWithProviders(<VerifyPage />, { route, path: '/verify/:securityId?' });

const field = () => screen.findByRole('textbox', { name: 'Security ID' }, { timeout: 8000 });

describe('VerifyPage', () => {
  it('focuses the field, verifies without a token and shows the document information', async () => {
    const { find } = mockApi({ [`GET /verify/${ID}`]: reply(200, verified) });
    const user = userEvent.setup({ delay: null });
    render();
    const input = await field();
    expect(input).toHaveFocus();
    expect(screen.getByText(/printed at the bottom of every page/)).toBeInTheDocument();
    await user.type(input, ID);
    await user.click(screen.getByRole('button', { name: 'Verify Document' }));
    const card = await screen.findByTestId('verification-result');
    expect(within(card).getByRole('heading', { name: 'Document Verified' })).toBeInTheDocument();
    expect(card).toHaveTextContent(`Security ID: ${ID}`);
    expect(card).toHaveTextContent('Document Information');
    expect(card).toHaveTextContent('Proof of Service');
    expect(card).toHaveTextContent('1 May 2025 at 12:00');
    expect(within(card).getByText('Verified Firm')).toBeInTheDocument();
    expect(within(card).getByText('Verified')).toBeInTheDocument();
    expect(find('GET', `/verify/${ID}`)[0]?.headers.get('Authorization')).toBeNull();
    expect(screen.getByRole('heading', { name: 'About Document Verification' })).toBeInTheDocument();
    // Each served file with both fingerprints: as uploaded and as the stamped copy served.
    const served = within(card).getByRole('list', { name: 'Documents served' });
    expect(served).toHaveTextContent(
      `summons.pdfAs uploaded: ${'ab'.repeat(32)}Stamped copy: ${'cd'.repeat(32)}`,
    );
    expect(served).toHaveTextContent('affidavit.docxAs uploaded');
    expect(served).toHaveTextContent('Stamped copy: none (not a PDF, or not stamped yet)');
  });

  it('fills in and verifies the ID from the address (the QR code), trimmed', async () => {
    const { find } = mockApi({ [`GET /verify/${ID}`]: reply(200, verified) });
    render(`/verify/%20${ID}%20`);
    expect(
      await screen.findByRole('heading', { name: 'Document Verified' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(await field()).toHaveValue(ID);
    expect(find('GET', `/verify/${ID}`)).toHaveLength(1);
  });

  it('sends one visit id for every check of the visit, and the token of a signed-in user (not counted for their own firm)', async () => {
    const { find } = mockApi({ [`GET /verify/${ID}`]: reply(200, verified) });
    const user = userEvent.setup({ delay: null });
    render();
    const input = await field();
    await user.type(input, ID);
    await user.click(screen.getByRole('button', { name: 'Verify Document' }));
    await screen.findByTestId('verification-result');
    signIn();
    await user.click(screen.getByRole('button', { name: 'Verify Document' }));
    await waitFor(() => expect(find('GET', `/verify/${ID}`)).toHaveLength(2));
    const [first, second] = find('GET', `/verify/${ID}`);
    const visit = first!.headers.get('X-Verification-Visit');
    expect(visit).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(second!.headers.get('X-Verification-Visit')).toBe(visit);
    expect(first!.headers.get('Authorization')).toBeNull();
    expect(second!.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('turns a 404 into "Document Not Found" and clears the result when the field is edited', async () => {
    mockApi({
      'GET /verify/LS-0000-0000-0000-0000': reply(404, {
        detail: 'Security ID not found in verification database',
      }),
    });
    const user = userEvent.setup({ delay: null });
    render('/verify/LS-0000-0000-0000-0000');
    expect(
      await screen.findByRole('heading', { name: 'Document Not Verified' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Document Not Found')).toBeInTheDocument();
    expect(screen.getByText('Security ID not found in verification database')).toBeInTheDocument();
    await user.type(await field(), 'X');
    expect(screen.queryByTestId('verification-result')).not.toBeInTheDocument();
  });

  it('shows the revoked notice', async () => {
    mockApi({
      [`GET /verify/${ID}`]: reply(200, {
        ...verified,
        valid: false,
        status: 'revoked',
        message:
          'This document has been revoked and is no longer valid. Please contact the issuing firm for more information.',
      }),
    });
    render(`/verify/${ID}`);
    expect(await screen.findByText('Document Revoked', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Document Not Verified' })).toBeInTheDocument();
    expect(screen.queryByText('Document Information')).not.toBeInTheDocument();
  });

  it.each([
    [400, 'Invalid security ID format. Please check the security ID and try again.'],
    [500, 'Failed to verify document'],
  ])('shows the message for %i', async (status, message) => {
    mockApi({ 'GET /verify/LS-BAD': reply(status, { detail: 'x' }) });
    render('/verify/LS-BAD');
    expect(await screen.findByText(message, {}, { timeout: 8000 })).toBeInTheDocument();
    if (status === 500) expect(screen.getByText('Verification Error')).toBeInTheDocument();
  });

  it('asks for an ID, reads "Verifying..." while busy and starts over with New Search', async () => {
    let answer: (value: Response) => void = () => undefined;
    mockApi({ [`GET /verify/${ID}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup({ delay: null });
    render();
    await field();
    await user.click(screen.getByRole('button', { name: 'Verify Document' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invalid security ID provided. Security ID must be a non-empty string.',
    );
    await user.type(await field(), ID);
    await user.click(screen.getByRole('button', { name: 'Verify Document' }));
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    answer(
      new Response(JSON.stringify(verified), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await screen.findByRole('heading', { name: 'Document Verified' });
    await user.click(screen.getByRole('button', { name: 'New Search' }));
    expect(await field()).toHaveValue('');
    expect(screen.queryByTestId('verification-result')).not.toBeInTheDocument();
  });

  it('checks a dropped PDF against the served originals', async () => {
    mockApi({});
    render();
    await field();
    fireEvent.drop(screen.getByTestId('verify-dropzone'), {
      dataTransfer: { files: [new File(['%PDF-1.4'], 'summons.pdf', { type: 'application/pdf' })] },
    });
    const result = await screen.findByTestId('file-verification-result');
    expect(result).toHaveTextContent('Authentic served document');
    expect(result).toHaveTextContent('Demo Attorneys Inc.');
    expect(within(result).getByRole('link', { name: ID })).toHaveAttribute('href', `/verify/${ID}`);
  });

  it('says an older version (the QR code of version 1) was superseded: by which version and when', async () => {
    const { find } = mockApi({
      [`GET /verify/${ID}`]: reply(200, {
        ...verified,
        generation_date: '2025-05-01T10:00:00Z',
        version: 1,
        current_version: 3,
        current_version_generated_at: '2025-05-03T09:30:00Z',
        superseded: true,
        superseded_by_version: 2,
        superseded_at: '2025-05-02T08:15:00Z',
      }),
    });
    render(`/verify/${ID}?version=1`);
    const notice = await screen.findByTestId('superseded-notice', {}, { timeout: 8000 });
    expect(notice).toHaveTextContent(
      'Superseded: this is version 1; version 3 was issued on 3 May 2025 at 11:30.',
    );
    expect(notice).toHaveTextContent('Version 2 replaced it on 2 May 2025 at 10:15.');
    expect(within(notice).getByRole('link', { name: 'Check the current version' })).toHaveAttribute(
      'href',
      `/verify/${ID}`,
    );
    expect(screen.getByTestId('verification-result')).toHaveTextContent('1 of 3');
    expect(find('GET', `/verify/${ID}`)[0]?.url.searchParams.get('version')).toBe('1');
  });

  it('shows no superseded notice for the current version', async () => {
    mockApi({ [`GET /verify/${ID}`]: reply(200, verified) });
    render(`/verify/${ID}`);
    await screen.findByRole('heading', { name: 'Document Verified' }, { timeout: 8000 });
    expect(screen.queryByTestId('superseded-notice')).not.toBeInTheDocument();
    expect(screen.getByTestId('verification-result')).toHaveTextContent('4 (current)');
  });

  it('says a dropped older proof file was superseded by the next version, with the time', async () => {
    const { uploadWithProgress } = await import('../../../lib/api-client');
    vi.mocked(uploadWithProgress).mockResolvedValueOnce({
      valid: true,
      status: 'verified',
      message: 'This document is authentic: it was served through LexServe and has not been altered.',
      sha256: 'cd'.repeat(32),
      size: 5400,
      match: 'proof_of_service',
      filename: 'proof_of_service_2025-1234.pdf',
      security_id: ID,
      document_type: 'Plea',
      pdf_type: 'proof_of_service',
      generation_date: '2025-05-01T10:00:00Z',
      verification_count: 5,
      hash_verified: true,
      firm_verified: true,
      verification_url: `http://localhost/verify/${ID}`,
      firm_name: 'Demo Attorneys Inc.',
      service_date: '2025-05-01T10:00:00Z',
      revoked_at: null,
      version: 1,
      current_version: 2,
      current_version_generated_at: '2025-05-01T10:05:00Z',
      superseded: true,
      superseded_by_version: 2,
      superseded_at: '2025-05-01T10:05:00Z',
    });
    mockApi({});
    render();
    await field();
    fireEvent.drop(screen.getByTestId('verify-dropzone'), {
      dataTransfer: {
        files: [new File(['%PDF-1.4'], 'proof_of_service_2025-1234.pdf', { type: 'application/pdf' })],
      },
    });
    const result = await screen.findByTestId('file-verification-result');
    expect(result).toHaveTextContent('Authentic proof of service');
    expect(within(result).getByTestId('file-superseded-notice')).toHaveTextContent(
      'Superseded: this is version 1; version 2 was issued on 1 May 2025 at 12:05.',
    );
    expect(result).toHaveTextContent('1 of 2');
  });

  it('refuses other file types before sending', async () => {
    mockApi({});
    render();
    await field();
    fireEvent.change(screen.getByTestId('verify-file-input'), {
      target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] },
    });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Only PDF files can be verified.'),
    );
  });
});
