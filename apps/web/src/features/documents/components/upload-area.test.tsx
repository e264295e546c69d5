import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { useFileStaging } from '../hooks/use-file-staging';
import { UploadArea } from './upload-area';
import { UploadedFilesList } from './uploaded-files-list';

type Progress = (p: { loaded: number; total: number; percent: number }) => void;
const uploads: {
  form: FormData;
  onProgress?: Progress;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}[] = [];

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  uploadWithProgress: (_path: string, form: FormData, options: { onProgress?: Progress }) =>
    new Promise((resolve, reject) => uploads.push({ form, onProgress: options.onProgress, resolve, reject })),
}));

const pdf = (name: string, size = 100) => {
  const file = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

type Listed = { filename: string; size: number };
/** `refreshed`: the document's file list after its refresh (a button stands in for the query refetch). */
type HarnessProps = { onUpload?: (staging: ReturnType<typeof useFileStaging>) => void; refreshed?: Listed[] };

function Harness({ onUpload, refreshed = [] }: HarnessProps) {
  const staging = useFileStaging({ maxStaged: 50 });
  const [uploaded, setUploaded] = useState<Listed[]>([]);
  return (
    <>
      <button type="button" onClick={() => setUploaded(refreshed)}>
        Refresh document list
      </button>
      <UploadArea
        staging={staging}
        hint="PDF, DOC or DOCX"
        uploaded={uploaded}
        onUploadSelected={() => (onUpload ? onUpload(staging) : void staging.upload(7, 'selected'))}
      />
    </>
  );
}

const addFiles = (files: File[]) => {
  const input = screen.getByTestId('upload-input') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
};

beforeEach(() => {
  uploads.length = 0;
});

describe('UploadArea', () => {
  it('stages browsed files and rejects wrong types, oversize files and duplicates in one message', async () => {
    renderWithProviders(<Harness />);
    addFiles([pdf('a.pdf'), pdf('notes.txt'), pdf('huge.pdf', 100 * 1024 * 1024 + 1)]);
    addFiles([pdf('a.pdf')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some files were rejected: a.pdf: Duplicate file already staged',
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
    expect(screen.getByText('100 Bytes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Selected (1)' })).toBeEnabled();
  });

  it('combines every rejection of one drop', async () => {
    renderWithProviders(<Harness />);
    addFiles([pdf('notes.txt'), pdf('huge.pdf', 100 * 1024 * 1024 + 1)]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some files were rejected: notes.txt: Invalid file type, huge.pdf: File too large (max 100MB)',
    );
  });

  it('accepts dropped files', async () => {
    renderWithProviders(<Harness />);
    fireEvent.drop(screen.getByTestId('upload-dropzone'), { dataTransfer: { files: [pdf('dropped.pdf')] } });
    expect(await screen.findByText('dropped.pdf')).toBeInTheDocument();
  });

  it('selects and deselects, and asks for a selection before uploading', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onUpload={(staging) => void staging.upload(7, 'selected')} />);
    addFiles([pdf('a.pdf'), pdf('b.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Deselect All' }));
    expect(screen.getByRole('button', { name: 'Upload Selected (0)' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select b.pdf' }));
    expect(screen.getByRole('button', { name: 'Upload Selected (1)' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(screen.getByRole('button', { name: 'Upload Selected (2)' })).toBeEnabled();
  });

  it('shows the real progress of each file, then the uploaded and failed counts', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />);
    addFiles([pdf('a.pdf'), pdf('b.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Upload Selected (2)' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[0]!.form.get('document_id')).toBe('7');
    expect((uploads[0]!.form.get('files') as File).name).toBe('a.pdf');

    act(() => uploads[0]!.onProgress?.({ loaded: 40, total: 100, percent: 40 }));
    expect(screen.getByRole('progressbar', { name: 'a.pdf upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('Uploading... 40%')).toBeInTheDocument();
    // Uploading files cannot be removed.
    expect(screen.getByRole('button', { name: 'Remove a.pdf' })).toBeDisabled();

    await act(async () => {
      uploads[0]!.resolve({
        status: 'success',
        data: { files: [{ id: 1, filename: 'a.pdf' }], failed: [] },
        message: 'ok',
      });
      uploads[1]!.reject(new ApiRequestError({ status: 403, message: 'x', detail: 'nope' }));
    });
    expect(await screen.findByText('1 uploaded')).toBeInTheDocument();
    expect(screen.getByText('1 failed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'a.pdf upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    const alert = screen.getAllByRole('alert').find((el) => el.textContent?.includes('Access denied'));
    expect(alert).toHaveTextContent(
      "Access denied: You don't have permission to upload files to this document.",
    );
  });

  it('lists uploaded files with search, sort, pagination and a no-match message beyond 5 files', async () => {
    const user = userEvent.setup({ delay: null });
    const files = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      filename: `file-${String(i + 1).padStart(2, '0')}.pdf`,
      size: (i + 1) * 1000,
      uploaded_at: new Date(2025, 0, i + 1).toISOString(),
    }));
    renderWithProviders(<UploadedFilesList files={files} />);
    expect(screen.getByText('Showing 1-10 of 12 files')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.getByText('Showing 11-12 of 12 files')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Name A-Z' }));
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Uploaded Files' })).getAllByRole('listitem')[0],
    ).toHaveTextContent('file-01.pdf');

    await user.click(screen.getByRole('button', { name: 'Show All' }));
    expect(
      within(screen.getByRole('list', { name: 'Uploaded Files' })).getAllByRole('listitem'),
    ).toHaveLength(12);

    await user.type(screen.getByRole('textbox', { name: 'Search files' }), 'nothing-like-this');
    expect(screen.getByText('No files match your search criteria.')).toBeInTheDocument();
  });

  it("lists an uploaded file once: it leaves the staged list when the document's file list shows it, not before", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness refreshed={[{ filename: 'a.pdf', size: 100 }]} />);
    addFiles([pdf('a.pdf'), pdf('b.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Upload Selected (2)' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    await act(async () => {
      uploads[0]!.resolve({
        status: 'success',
        data: { files: [{ id: 1, filename: 'a.pdf' }], failed: [] },
        message: 'ok',
      });
    });
    expect(await screen.findByText('1 uploaded')).toBeInTheDocument();
    // The document's list has not refreshed yet: the upload stays in view, marked uploaded.
    expect(
      within(screen.getByRole('list', { name: 'Files to upload' })).getByText('a.pdf'),
    ).toBeInTheDocument();
    // Now the document lists it: it is shown there only.
    await user.click(screen.getByRole('button', { name: 'Refresh document list' }));
    const staged = screen.getByRole('list', { name: 'Files to upload' });
    expect(within(staged).queryByText('a.pdf')).not.toBeInTheDocument();
    expect(within(staged).getByText('b.pdf')).toBeInTheDocument();
  });
});
