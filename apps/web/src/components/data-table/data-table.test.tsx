import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { EmptyState } from '../empty-state';
import type { DataTableColumn } from './columns';
import { DataTable } from './data-table';

type Row = { id: number; name: string; city: string | null };
type Answer = { rows: Row[]; total: number };

const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', card: 'title', sortValue: (row) => row.name, cell: (row) => row.name },
  { id: 'city', header: 'City', sortValue: (row) => row.city, cell: (row) => row.city ?? '-' },
  { id: 'actions', header: 'Actions', card: 'actions', cell: (row) => <button>Open {row.name}</button> },
];

const answer: Answer = {
  rows: [
    { id: 1, name: 'Thandi', city: 'Durban' },
    { id: 2, name: 'Anele', city: null },
    { id: 3, name: 'Pieter', city: 'Cape Town' },
  ],
  total: 42,
};

const query = (overrides: Partial<Parameters<typeof DataTable<Answer, Row>>[0]['query']> = {}) => ({
  data: answer as Answer | undefined,
  isPending: false,
  isError: false,
  isFetching: false,
  error: null as unknown,
  refetch: vi.fn(),
  ...overrides,
});

type PagingProps = {
  onPageChange: (p: number) => void;
  onRowsPerPageChange: (n: number) => void;
  countLimit?: (data: Answer) => number;
};
const renderTable = (q = query(), paging?: PagingProps) =>
  renderWithProviders(
    <DataTable
      label="People"
      query={q}
      rows={(data) => data.rows}
      rowKey={(row) => row.id}
      columns={columns}
      loadingLabel="Loading people..."
      errorMessage="Failed to load people."
      empty={<EmptyState title="No people found" />}
      paging={paging ? { ...paging, page: 0, rowsPerPage: 25, count: (data) => data.total } : undefined}
    />,
  );

const names = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('shows the rows in the server order, and sorts by a column: ascending, descending, then back', async () => {
    const user = userEvent.setup({ delay: null });
    renderTable();
    expect(names()).toEqual(['Thandi', 'Anele', 'Pieter']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Anele', 'Pieter', 'Thandi']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Thandi', 'Pieter', 'Anele']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Thandi', 'Anele', 'Pieter']);
    await user.click(screen.getByRole('button', { name: 'City' }));
    await user.click(screen.getByRole('button', { name: 'City' }));
    expect(names()).toEqual(['Thandi', 'Pieter', 'Anele']);
  });

  it('pages on the server: the total from the answer, and the first page again when the size changes', async () => {
    const user = userEvent.setup({ delay: null });
    const onPageChange = vi.fn();
    const onRowsPerPageChange = vi.fn();
    renderTable(query(), { onPageChange, onRowsPerPageChange });
    expect(screen.getByText('1–25 of 42')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(screen.getByRole('option', { name: '50' }));
    expect(onRowsPerPageChange).toHaveBeenCalledWith(50);
    expect(onPageChange).toHaveBeenLastCalledWith(0);
  });

  it('says "1 000+" (en-ZA) when the total is where the server stopped counting, and lets the next page be asked for', async () => {
    const user = userEvent.setup({ delay: null });
    const onPageChange = vi.fn();
    renderTable(query({ data: { ...answer, total: 1000 } }), {
      onPageChange,
      onRowsPerPageChange: vi.fn(),
      countLimit: () => 1000,
    });
    expect(screen.getByText(/^1–25 of 1\s000\+$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('gives an exact total below the limit', () => {
    renderTable(query({ data: { ...answer, total: 999 } }), {
      onPageChange: vi.fn(),
      onRowsPerPageChange: vi.fn(),
      countLimit: () => 1000,
    });
    expect(screen.getByText('1–25 of 999')).toBeInTheDocument();
  });

  it('shows its words while loading', () => {
    renderTable(query({ data: undefined, isPending: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading people...');
  });

  it('shows a failed load with one Retry button that refetches', async () => {
    const user = userEvent.setup({ delay: null });
    const failed = query({ data: undefined, isError: true });
    renderTable(failed);
    expect(screen.getByText('Failed to load people.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('says so when there are no rows', () => {
    renderTable(query({ data: { rows: [], total: 0 } }));
    expect(screen.getByText('No people found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows each row as a card on phones', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (media) =>
        ({
          matches: true,
          media,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    renderTable();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[1]!).getByText('Anele')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('City')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('-')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Open Anele' })).toBeInTheDocument();
  });
});
