import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/mock-api';
import { renderWithProviders, signIn } from '../../../testing/render';
import { AdminSheriffAreasPage } from './admin-sheriff-areas-page';

const admin = makeUser({ id: 2, role: 'system_admin', full_name: 'System Administrator', firm_id: null });

const area = {
  id: 1,
  name: 'Pretoria Central',
  magisterial_districts: ['Pretoria'],
  suburbs: ['Arcadia', 'Sunnyside'],
  postal_codes: ['0002'],
  sheriffs: [{ ...makeUser({ id: 30, role: 'sheriff', full_name: 'Sipho Ndlovu', firm_id: null }) }],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const setup = (handlers: Parameters<typeof mockApi>[0] = {}) => {
  signIn();
  const api = mockApi({
    'GET /users/me': reply(200, admin),
    'GET /admin/sheriff-areas': reply(200, { areas: [area] }),
    ...handlers,
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<AdminSheriffAreasPage />, { route: '/app/admin/sheriff-areas' });
  return { ...api, user };
};

describe('Admin › Sheriff Areas', () => {
  it('lists areas with their sheriff, districts, suburbs and postal codes', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Sheriff areas' }, { timeout: 8000 });
    expect(list).toHaveTextContent('Pretoria Central');
    expect(list).toHaveTextContent('Sipho Ndlovu');
    expect(within(list).getByLabelText('Suburbs')).toHaveTextContent('ArcadiaSunnyside');
    expect(within(list).getByLabelText('Postal codes')).toHaveTextContent('0002');
  });

  it('says so when there are no areas', async () => {
    setup({ 'GET /admin/sheriff-areas': reply(200, { areas: [] }) });
    expect(await screen.findByText('No sheriff areas yet', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('adds an area, checking postal codes before sending', async () => {
    const { user, find } = setup({
      'POST /admin/sheriff-areas': reply(201, { ...area, id: 2, name: 'Soshanguve' }),
    });
    await screen.findByRole('list', { name: 'Sheriff areas' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Add Area' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Sheriff Area' });
    const field = (name: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    field(/area name/i, 'Soshanguve');
    field(/suburbs/i, 'Block H; Block L');
    field(/postal codes/i, '152');
    await user.click(within(dialog).getByRole('button', { name: 'Create Area' }));
    expect(within(dialog).getByText('Postal codes have 4 digits (e.g. 0002)')).toBeInTheDocument();
    expect(find('POST', '/admin/sheriff-areas')).toHaveLength(0);
    field(/postal codes/i, '0152');
    await user.click(within(dialog).getByRole('button', { name: 'Create Area' }));
    await waitFor(() => expect(find('POST', '/admin/sheriff-areas')).toHaveLength(1));
    expect(find('POST', '/admin/sheriff-areas')[0]!.body).toEqual({
      name: 'Soshanguve',
      magisterial_districts: [],
      suburbs: ['Block H', 'Block L'],
      postal_codes: ['0152'],
    });
    expect(await screen.findByText('Area Soshanguve created.')).toBeInTheDocument();
  });

  it('imports a CSV and lists the lines that were not imported', async () => {
    const { user, find } = setup({
      'POST /admin/sheriff-areas/import': reply(200, {
        created: 2,
        updated: 1,
        errors: [{ line: 4, detail: 'postal_codes: Postal codes have 4 digits (e.g. 0002)' }],
      }),
    });
    await screen.findByRole('list', { name: 'Sheriff areas' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Sheriff Areas' });
    const file = new File(['name,magisterial_districts,suburbs,postal_codes\n'], 'areas.csv', {
      type: 'text/csv',
    });
    await user.upload(within(dialog).getByLabelText('CSV file'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('2 created, 1 updated, 1 line(s) not imported.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Lines not imported' })).toHaveTextContent(
      'Line 4: postal_codes: Postal codes have 4 digits (e.g. 0002)',
    );
    expect(find('POST', '/admin/sheriff-areas/import')).toHaveLength(1);
  });
});
