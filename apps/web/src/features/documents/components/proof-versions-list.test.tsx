import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Document } from '@lexserve/contracts/documents';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { ProofVersionsList } from './proof-versions-list';

const DOC = { id: 42, case_number: '2025-1234', title: 'Plea in Mokoena v Dlamini' } as Document;
const VERSIONS = {
  security_id: 'LS-7K3M-9QXD-2HJP-RT4W',
  versions: [
    {
      version: 2,
      generated_at: '2025-05-01T10:05:00Z',
      sha256: 'cd'.repeat(32),
      size: 5400,
      reason: 'delivery_updated',
      reason_label: 'Delivery record updated',
      superseded_at: null,
      is_current: true,
    },
    {
      version: 1,
      generated_at: '2025-05-01T10:00:00Z',
      sha256: 'ab'.repeat(32),
      size: 5200,
      reason: 'issued',
      reason_label: 'Issued at service',
      superseded_at: '2025-05-01T10:05:00Z',
      is_current: false,
    },
  ],
};

describe('ProofVersionsList', () => {
  it('lists every version, newest first, and downloads an older one by its number', async () => {
    signIn();
    const { find } = mockApi({
      'GET /proof-of-service/document/42/versions': reply(200, VERSIONS),
      'GET /proof-of-service/document/42/download': reply(200, {}),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ProofVersionsList document={DOC} />);
    const current = await screen.findByTestId('proof-version-2', {}, { timeout: 8000 });
    expect(screen.getByRole('heading', { name: 'Versions (2)' })).toBeInTheDocument();
    expect(current).toHaveTextContent('Current');
    expect(current).toHaveTextContent('Delivery record updated');
    const older = screen.getByTestId('proof-version-1');
    expect(older).toHaveTextContent('Superseded 1 May 2025 at 12:05');
    expect(older).toHaveTextContent(`SHA-256 ${'ab'.repeat(32)}`);
    await user.click(within(older).getByRole('button', { name: 'Download version 1' }));
    await vi.waitFor(() => expect(find('GET', '/proof-of-service/document/42/download')).toHaveLength(1));
    expect(find('GET', '/proof-of-service/document/42/download')[0]?.url.searchParams.get('version')).toBe(
      '1',
    );
  });
});
