import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Sheriff } from '@lexserve/contracts/users';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { AdminSheriffsPage } from './admin-sheriffs-page';

const admin = makeUser({ id: 2, role: 'system_admin', full_name: 'System Administrator', firm_id: null });

const makeSheriff = (overrides: Partial<Sheriff> = {}): Sheriff => ({
  ...makeUser({ id: 30, role: 'sheriff', full_name: 'Sipho Ndlovu', firm_id: null }),
  email: 'sheriff@demo.co.za',
  phone_number: '+27 82 555 0103',
  office_name: 'Sheriff of the Court, Cape Town West',
  appointment_number: 'SHF-WC-0042',
  service_areas: ['Cape Town', 'Wynberg'],
  area: { id: 1, name: 'Cape Town West' },
  kind: 'sheriff',
  office_sheriff_id: null,
  appointment_title: 'Sheriff of the Court, Cape Town West',
  ...overrides,
});

const pending = makeSheriff({
  id: 31,
  full_name: 'Lindiwe Dube',
  email: 'lindiwe@sheriffs.co.za',
  appointment_number: 'SHF-WC-0077',
  must_change_password: true,
  service_areas: ['Bellville'],
});

const setup = (handlers: Parameters<typeof mockApi>[0] = {}) => {
  signIn();
  const api = mockApi({
    'GET /users/me': reply(200, admin),
    'GET /admin/sheriffs': reply(200, { sheriffs: [makeSheriff(), pending], total: 2 }),
    'GET /admin/sheriff-areas': reply(200, {
      areas: [
        {
          id: 1,
          name: 'Cape Town West',
          magisterial_districts: ['Cape Town'],
          suburbs: [],
          postal_codes: ['8001'],
          sheriffs: [],
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        },
        {
          id: 2,
          name: 'Pretoria Central',
          magisterial_districts: ['Pretoria'],
          suburbs: [],
          postal_codes: [],
          sheriffs: [],
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        },
      ],
    }),
    ...handlers,
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<AdminSheriffsPage />, { route: '/app/admin/sheriffs' });
  return { ...api, user };
};

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe('Admin › Sheriffs: areas and deputies', () => {
  it('lists a deputy under their sheriff and adds a deputy to the office', async () => {
    const deputy = makeSheriff({
      id: 32,
      full_name: 'Nomsa Khumalo',
      email: 'deputy@demo.co.za',
      kind: 'deputy',
      office_sheriff_id: 30,
      appointment_title: 'Deputy Sheriff, Cape Town West',
      service_areas: [],
    });
    const { user, find } = setup({
      // The server's order is by name: the deputy is shown right under her sheriff.
      'GET /admin/sheriffs': reply(200, { sheriffs: [deputy, makeSheriff()], total: 2 }),
      'POST /admin/sheriffs': reply(201, {
        status: 'success',
        data: makeSheriff({ id: 41, kind: 'deputy', office_sheriff_id: 30 }),
        message: 'Sheriff Thandeka Zulu created. An invitation to set a password was e-mailed to t@s.co.za.',
      }),
    });
    const table = await screen.findByRole('table', { name: 'Sheriffs' }, { timeout: 8000 });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByLabelText('Deputies of Sipho Ndlovu')).toHaveTextContent(
      'Deputies: Nomsa Khumalo',
    );
    expect(rows[2]).toHaveTextContent('Deputy Sheriff, Cape Town West · in the office of Sipho Ndlovu');
    expect(within(rows[2]!).queryByRole('button', { name: /Add deputy/ })).not.toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Add deputy to Sipho Ndlovu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Deputy Sheriff' });
    expect(within(dialog).getByText(/In the office of Sipho Ndlovu/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /office name/i })).not.toBeInTheDocument();
    const field = (name: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    field(/full name/i, 'Thandeka Zulu');
    field(/email address/i, 't@s.co.za');
    fireEvent.change(within(dialog).getByLabelText(/phone number/i), {
      target: { value: '+27 21 555 0102' },
    });
    field(/appointment number/i, 'DEP-0001');
    await user.click(within(dialog).getByRole('button', { name: 'Create Deputy' }));
    await waitFor(() => expect(find('POST', '/admin/sheriffs')).toHaveLength(1));
    expect(find('POST', '/admin/sheriffs')[0]!.body).toEqual({
      full_name: 'Thandeka Zulu',
      email: 't@s.co.za',
      phone_number: '+27 21 555 0102',
      appointment_number: 'DEP-0001',
      office_sheriff_id: 30,
    });
  });

  it('creates a sheriff appointed for an area picked from the list, without districts', async () => {
    const { user, find } = setup({
      'POST /admin/sheriffs': reply(201, {
        status: 'success',
        data: makeSheriff({ id: 42 }),
        message: 'Sheriff Ayanda Dlamini created. An invitation to set a password was e-mailed to a@s.co.za.',
      }),
    });
    await screen.findByRole('table', { name: 'Sheriffs' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Add Sheriff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Sheriff' });
    const field = (name: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    field(/full name/i, 'Ayanda Dlamini');
    field(/email address/i, 'a@s.co.za');
    fireEvent.change(within(dialog).getByLabelText(/phone number/i), {
      target: { value: '+27 12 555 0100' },
    });
    field(/office name/i, 'Sheriff Pretoria Central');
    field(/appointment number/i, 'SHF-GP-0001');
    await user.click(within(dialog).getByRole('combobox', { name: /area of appointment/i }));
    await user.click(await screen.findByRole('option', { name: 'Pretoria Central' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Sheriff' }));
    await waitFor(() => expect(find('POST', '/admin/sheriffs')).toHaveLength(1));
    expect(find('POST', '/admin/sheriffs')[0]!.body).toEqual({
      full_name: 'Ayanda Dlamini',
      email: 'a@s.co.za',
      phone_number: '+27 12 555 0100',
      office_name: 'Sheriff Pretoria Central',
      appointment_number: 'SHF-GP-0001',
      area_id: 2,
    });
  });
});

describe('Admin › Sheriffs', () => {
  it('lists sheriffs with office, appointment, areas and status, and searches on the server', async () => {
    const { user, calls } = setup();
    const table = await screen.findByRole('table', { name: 'Sheriffs' }, { timeout: 8000 });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Sipho Ndlovu');
    expect(rows[1]).toHaveTextContent('Sheriff of the Court, Cape Town West');
    expect(rows[1]).toHaveTextContent('Appointment SHF-WC-0042');
    expect(within(rows[1]!).getByText('Wynberg')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Invitation pending')).toBeInTheDocument();
    expect(
      within(rows[2]!).getByRole('button', { name: 'Resend invitation to Lindiwe Dube' }),
    ).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /Resend invitation/ })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search sheriffs' }), 'wynberg');
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/admin/sheriffs' && c.url.searchParams.get('search') === 'wynberg'),
      ).toBe(true),
    );
  });

  it('creates a sheriff: every field required, service areas as chips, no password shown', async () => {
    const { user, find } = setup({
      'POST /admin/sheriffs': reply(201, {
        status: 'success',
        data: makeSheriff({ id: 40, full_name: 'Thabo Molefe' }),
        message:
          'Sheriff Thabo Molefe created. An invitation to set a password was e-mailed to thabo@sheriffs.co.za.',
      }),
    });
    await screen.findByRole('table', { name: 'Sheriffs' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Add Sheriff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Sheriff' });
    expect(
      within(dialog).getByText(/link to set their own password \(valid for 7 days\)/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Sheriff' }));
    expect(within(dialog).getByText('Full name is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Service areas are required: at least one magisterial district'),
    ).toBeInTheDocument();
    expect(find('POST', '/admin/sheriffs')).toHaveLength(0);

    const field = (name: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    field(/full name/i, 'Thabo Molefe');
    field(/email address/i, 'thabo@sheriffs.co.za');
    fireEvent.change(within(dialog).getByLabelText(/phone number/i), {
      target: { value: '+27 21 555 0101' },
    });
    field(/office name/i, 'Sheriff Kuils River');
    field(/appointment number/i, 'SHF-WC-0099');
    const areas = within(dialog).getByRole('combobox', { name: /service areas/i });
    await user.type(areas, 'Kuils');
    await user.click(await screen.findByRole('option', { name: 'Kuils River' }));
    await user.type(areas, 'Blue Downs{Enter}');
    expect(within(dialog).getByRole('button', { name: 'Kuils River' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Blue Downs' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Sheriff' }));

    await waitFor(() => expect(find('POST', '/admin/sheriffs')).toHaveLength(1));
    expect(find('POST', '/admin/sheriffs')[0]!.body).toEqual({
      full_name: 'Thabo Molefe',
      email: 'thabo@sheriffs.co.za',
      phone_number: '+27 21 555 0101',
      office_name: 'Sheriff Kuils River',
      appointment_number: 'SHF-WC-0099',
      service_areas: ['Kuils River', 'Blue Downs'],
    });
    expect(await screen.findByText(/An invitation to set a password was e-mailed/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Sheriff' })).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s refusal in the dialog (a taken appointment number)', async () => {
    const { user } = setup({
      'PUT /admin/sheriffs/30': reply(409, {
        detail: 'A sheriff with this appointment number already exists.',
        code: 'APPOINTMENT_NUMBER_TAKEN',
      }),
    });
    await screen.findByRole('table', { name: 'Sheriffs' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Edit Sipho Ndlovu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sipho Ndlovu' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /appointment number/i }), {
      target: { value: 'SHF-WC-0077' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText('A sheriff with this appointment number already exists.'),
    ).toBeInTheDocument();
  });

  it('edits only the fields that changed', async () => {
    const { user, find } = setup({
      'PUT /admin/sheriffs/30': reply(200, {
        status: 'success',
        data: makeSheriff({ office_name: 'Sheriff Cape Town East' }),
        message: 'Sheriff Sipho Ndlovu updated successfully!',
      }),
    });
    await screen.findByRole('table', { name: 'Sheriffs' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Edit Sipho Ndlovu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sipho Ndlovu' });
    expect(within(dialog).getByRole('textbox', { name: /office name/i })).toHaveValue(
      'Sheriff of the Court, Cape Town West',
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: /office name/i }), {
      target: { value: 'Sheriff Cape Town East' },
    });
    await user.click(
      within(within(dialog).getByRole('button', { name: 'Wynberg' })).getByTestId('CancelIcon'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(find('PUT', '/admin/sheriffs/30')).toHaveLength(1));
    expect(find('PUT', '/admin/sheriffs/30')[0]!.body).toEqual({
      office_name: 'Sheriff Cape Town East',
      service_areas: ['Cape Town'],
    });
    expect(await screen.findByText('Sheriff Sipho Ndlovu updated successfully!')).toBeInTheDocument();
  });

  it('deactivates with a reason', async () => {
    const { user, find } = setup({
      'PUT /admin/sheriffs/30/active': reply(200, {
        status: 'success',
        data: makeSheriff({ is_active: false }),
        message: 'Sheriff Sipho Ndlovu deactivated successfully!',
      }),
    });
    await screen.findByRole('table', { name: 'Sheriffs' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Deactivate Sipho Ndlovu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Sheriff' });
    await user.type(within(dialog).getByRole('textbox'), 'Appointment ended');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(find('PUT', '/admin/sheriffs/30/active')[0]?.body).toEqual({
        is_active: false,
        reason: 'Appointment ended',
      }),
    );
    expect(await screen.findByText('Sheriff Sipho Ndlovu deactivated successfully!')).toBeInTheDocument();
  });

  it('resends an invitation to a sheriff who has not set a password', async () => {
    const { user, find } = setup({
      'POST /admin/sheriffs/31/invitation': reply(200, {
        message: 'A new invitation was e-mailed to lindiwe@sheriffs.co.za.',
        expires_at: '2025-06-08T10:00:00Z',
      }),
    });
    await screen.findByRole('table', { name: 'Sheriffs' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Resend invitation to Lindiwe Dube' }));
    expect(
      await screen.findByText('A new invitation was e-mailed to lindiwe@sheriffs.co.za.'),
    ).toBeInTheDocument();
    expect(find('POST', '/admin/sheriffs/31/invitation')).toHaveLength(1);
  });

  it('shows cards instead of a table on a phone', async () => {
    window.matchMedia = ((query: string) => ({
      ...originalMatchMedia(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    setup();
    const list = await screen.findByRole('list', { name: 'Sheriffs' }, { timeout: 8000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Sipho Ndlovu')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Edit Sipho Ndlovu' })).toBeInTheDocument();
  });
});
