import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeCaseFile } from '../../../testing/case-factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { FileViewerDialog } from './file-viewer-dialog';

const VIEW_URL = `/api/v1/documents/7/files/3/view/${encodeURIComponent('Summons – Mokoena.pdf')}?token=ticket-1`;

const setup = (handlers: Parameters<typeof mockApi>[0] = {}, file = makeCaseFile()) => {
  signIn();
  const api = mockApi({
    'POST /documents/7/files/3/view-link': reply(201, { url: VIEW_URL, expires_at: '2025-05-01T08:10:00Z' }),
    ...handlers,
  });
  const onClose = vi.fn();
  renderWithProviders(<FileViewerDialog documentId={7} file={file} onClose={onClose} />);
  return { ...api, onClose, user: userEvent.setup({ delay: null }) };
};

describe('FileViewerDialog', () => {
  it('shows the PDF from the server address that ends with its file name (the PDF viewer titles itself from it)', async () => {
    const { find } = setup();
    const frame = await screen.findByTitle('Preview of Summons – Mokoena.pdf', {}, { timeout: 4000 });
    expect(frame).toHaveAttribute('src', VIEW_URL);
    const last = new URL(frame.getAttribute('src')!, 'http://localhost').pathname.split('/').pop()!;
    expect(decodeURIComponent(last)).toBe('Summons – Mokoena.pdf');
    expect(find('POST', '/documents/7/files/3/view-link')).toHaveLength(1);
    // The bytes are not fetched into a blob: the iframe loads them itself.
    expect(find('GET', '/documents/7/download')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: /Summons – Mokoena\.pdf/ })).toBeInTheDocument();
  });

  it('says why when the file may not be shown', async () => {
    setup({ 'POST /documents/7/files/3/view-link': reply(403, { detail: 'Access forbidden.' }) });
    expect(
      await screen.findByText(
        'You do not have permission to download this file. Please check your access rights.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTitle(/Preview of/)).not.toBeInTheDocument();
  });

  it('offers the download, without a preview, for a Word file', async () => {
    const { find } = setup(
      {},
      makeCaseFile({
        filename: 'affidavit.docx',
        mime_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        file_type: 'docx',
      }),
    );
    expect(await screen.findByText('This file cannot be previewed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download affidavit.docx' })).toBeInTheDocument();
    expect(find('POST', '/documents/7/files/3/view-link')).toHaveLength(0);
  });
});
