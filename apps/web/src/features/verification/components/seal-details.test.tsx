import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FileVerificationResult, Seal } from '@lexserve/contracts/verification';
import { uploadWithProgress } from '../../../lib/api-client';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { SealDetails } from './seal-details';
import { VerifyPage } from './verify-page';

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  uploadWithProgress: vi.fn(),
}));

const FINGERPRINT = 'ab12'.repeat(16);
const sealed: Seal = {
  present: true,
  intact: true,
  covers_whole_file: true,
  by_lexserve: true,
  signer: {
    subject: 'CN=LexServe Document Seal (local), O=LexServe, C=ZA',
    issuer: 'CN=LexServe Local CA (not publicly trusted), O=LexServe, C=ZA',
    fingerprint_sha256: FINGERPRINT,
  },
  signed_at: '2026-11-24T12:05:00Z',
  timestamp: {
    time: '2026-11-24T12:05:02Z',
    authority: 'CN=LexServe Local Time-Stamping Authority (not publicly trusted), O=LexServe, C=ZA',
  },
  problem: null,
};

describe('SealDetails', () => {
  it("says who sealed the PDF and when (SAST), who time-stamped it, that it is unchanged, with the certificates' links", () => {
    renderWithProviders(<SealDetails seal={sealed} />);
    const box = screen.getByTestId('seal-details');
    expect(box).toHaveTextContent('Electronic seal: Sealed by LexServe');
    expect(box).toHaveTextContent(
      'Sealed by LexServe Document Seal (local) on 24 November 2026 at 14:05 SAST; time-stamped by LexServe Local Time-Stamping Authority (not publicly trusted) on 24 November 2026 at 14:05 SAST; the document has not been changed since it was sealed.',
    );
    expect(box).toHaveTextContent(FINGERPRINT);
    expect(within(box).getByRole('link', { name: 'Download the seal certificate' })).toHaveAttribute(
      'href',
      '/api/v1/seal/certificate',
    );
    expect(
      within(box).getByRole('link', { name: 'Download the issuing certificate authority' }),
    ).toHaveAttribute('href', '/api/v1/seal/local-ca');
  });

  it('says a PDF with an update appended, or a byte altered, was changed after sealing', () => {
    const { unmount } = renderWithProviders(
      <SealDetails seal={{ ...sealed, covers_whole_file: false, timestamp: null }} />,
    );
    expect(screen.getByTestId('seal-details')).toHaveTextContent('Electronic seal: Changed after sealing');
    expect(screen.getByTestId('seal-details')).toHaveTextContent(
      'Sealed by LexServe Document Seal (local) on 24 November 2026 at 14:05 SAST; not time-stamped; changed after sealing: content was added after the seal (an incremental update), which the seal does not cover.',
    );
    unmount();
    renderWithProviders(<SealDetails seal={{ ...sealed, intact: false }} />);
    expect(screen.getByTestId('seal-details')).toHaveTextContent(
      'changed after sealing: bytes inside the sealed content were altered',
    );
    expect(screen.getByTestId('seal-details')).not.toHaveTextContent('has not been changed');
  });

  it("says plainly when there is no seal, or the seal is not LexServe's (and offers no LexServe certificate for it)", () => {
    const { unmount } = renderWithProviders(
      <SealDetails
        seal={{
          ...sealed,
          present: false,
          intact: false,
          covers_whole_file: false,
          by_lexserve: false,
          signer: null,
          signed_at: null,
          timestamp: null,
        }}
      />,
    );
    expect(screen.getByTestId('seal-details')).toHaveTextContent(
      'Electronic seal: No electronic sealThis PDF carries no electronic seal.',
    );
    unmount();
    renderWithProviders(
      <SealDetails
        seal={{
          ...sealed,
          by_lexserve: false,
          signer: { ...sealed.signer!, subject: 'CN=Someone Else, C=ZA' },
        }}
      />,
    );
    const box = screen.getByTestId('seal-details');
    expect(box).toHaveTextContent("Electronic seal: Not LexServe's seal");
    expect(box).toHaveTextContent(
      "Sealed by Someone Else, which is not LexServe's seal, on 24 November 2026 at 14:05 SAST",
    );
    expect(within(box).queryByRole('link')).not.toBeInTheDocument();
  });
});

const ID = 'LS-7K3M-9QXD-2HJP-RT4W';
const noVersion = {
  version: null,
  current_version: null,
  current_version_generated_at: null,
  superseded: false,
  superseded_by_version: null,
  superseded_at: null,
};

describe('the verify page shows the seal', () => {
  it('of the proof checked by security ID', async () => {
    mockApi({
      [`GET /verify/${ID}`]: reply(200, {
        valid: true,
        status: 'verified',
        security_id: ID,
        message: 'This document is authentic: it was served through LexServe and has not been altered.',
        document_type: 'Summons Simple',
        pdf_type: 'proof_of_service',
        generation_date: '2026-11-24T12:05:00Z',
        verification_count: 1,
        hash_verified: true,
        firm_verified: true,
        verification_url: `http://localhost:3000/verify/${ID}`,
        firm_name: 'Demo Attorneys Inc.',
        service_date: null,
        revoked_at: null,
        ...noVersion,
        version: 1,
        current_version: 1,
        current_version_generated_at: '2026-11-24T12:05:00Z',
        seal: sealed,
      }),
    });
    renderWithProviders(<VerifyPage />, { route: `/verify/${ID}`, path: '/verify/:securityId?' });
    const result = await screen.findByTestId('verification-result', {}, { timeout: 8000 });
    expect(within(result).getByTestId('seal-details')).toHaveTextContent(
      'the document has not been changed since it was sealed.',
    );
  });

  it('of an uploaded file changed after sealing', async () => {
    const answer: FileVerificationResult = {
      valid: false,
      status: 'modified_after_sealing',
      message:
        'This PDF was sealed by LexServe, but it was changed after sealing: content was added after the seal (an incremental update), which the seal does not cover. Do not rely on it; ask the issuing firm for the original.',
      sha256: 'cd'.repeat(32),
      size: 2000,
      match: null,
      filename: 'proof.pdf',
      security_id: null,
      document_type: null,
      pdf_type: null,
      generation_date: null,
      verification_count: null,
      hash_verified: null,
      firm_verified: null,
      verification_url: null,
      firm_name: null,
      service_date: null,
      revoked_at: null,
      ...noVersion,
      seal: { ...sealed, covers_whole_file: false },
    };
    vi.mocked(uploadWithProgress).mockResolvedValueOnce(answer);
    mockApi({});
    renderWithProviders(<VerifyPage />, { route: '/verify', path: '/verify/:securityId?' });
    await screen.findByRole('textbox', { name: 'Security ID' }, { timeout: 8000 });
    fireEvent.drop(screen.getByTestId('verify-dropzone'), {
      dataTransfer: { files: [new File(['%PDF-1.4'], 'proof.pdf', { type: 'application/pdf' })] },
    });
    const result = await screen.findByTestId('file-verification-result');
    expect(within(result).getByRole('heading', { name: 'Changed after sealing' })).toBeInTheDocument();
    expect(result).toHaveTextContent(
      'This PDF was sealed by LexServe, but it was changed after sealing: content was added after the seal',
    );
    expect(within(result).getByTestId('seal-details')).toHaveTextContent(
      'Electronic seal: Changed after sealing',
    );
  });
});
