import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { QueryState } from './query-state';

const query = (
  overrides: Partial<{
    data: string[] | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
  }> = {},
) => ({
  data: ['a', 'b'] as string[] | undefined,
  isPending: false,
  isError: false,
  error: null as unknown,
  refetch: vi.fn(),
  ...overrides,
});

const renderState = (q: ReturnType<typeof query>, keepDataOnError = false) =>
  renderWithProviders(
    <QueryState
      query={q}
      loadingLabel="Loading letters..."
      errorMessage={(error) => `Failed: ${String(error)}`}
      isEmpty={(data) => data.length === 0}
      empty={<p>No letters</p>}
      keepDataOnError={keepDataOnError}
    >
      {(data) => <p>{data.join(', ')}</p>}
    </QueryState>,
  );

describe('QueryState', () => {
  it('shows the spinner with its words while loading', () => {
    renderState(query({ data: undefined, isPending: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading letters...');
  });

  it('shows the error with one Retry button that refetches', async () => {
    const q = query({ data: undefined, isError: true, error: 'offline' });
    renderState(q);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed: offline');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state, or the content', () => {
    const { unmount } = renderState(query({ data: [] }));
    expect(screen.getByText('No letters')).toBeInTheDocument();
    unmount();
    renderState(query());
    expect(screen.getByText('a, b')).toBeInTheDocument();
  });

  it('keeps loaded data on screen after a failed refetch when asked to', () => {
    renderState(query({ isError: true, error: 'offline' }), true);
    expect(screen.getByText('a, b')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
