import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failNetwork, mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { SignupForm } from './signup-form';

const VALID: Record<string, string> = {
  'Your Full Name': '  Thandi Mokoena ',
  'Your Email Address': 'thandi@mokoena.co.za',
  Password: 'Secure123',
  'Confirm Password': 'Secure123',
  'Law Firm Name': 'Mokoena Attorneys',
  'Firm Contact Email': 'info@mokoena.co.za',
  'Firm Business Address': '12 Long Street, Cape Town, 8001',
  'Main Branch Name': 'Cape Town',
  'Practice Number': 'PN-12345',
};

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));

const fillForm = async (values: Record<string, string>) => {
  const user = userEvent.setup({ delay: null });
  for (const [label, value] of Object.entries(values)) {
    const input = field(label);
    await user.clear(input);
    if (value) {
      await user.click(input);
      await user.paste(value);
    }
  }
  return user;
};

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create Administrator Account' }));

describe('SignupForm', () => {
  it('shows the sections and fields of the sign-up screen', () => {
    renderWithProviders(<SignupForm onRegistered={vi.fn()} />);
    for (const section of ['Administrator Account', 'Account Security', 'Law Firm Details']) {
      expect(screen.getByText(section)).toBeInTheDocument();
    }
    for (const label of [
      ...Object.keys(VALID),
      'Your Phone Number (optional)',
      'Firm Main Phone Number (optional)',
    ]) {
      expect(field(label)).toBeInTheDocument();
    }
  });

  it.each([
    ['Your Full Name', 'T', 'Full name must be at least 2 characters'],
    ['Your Full Name', 'x'.repeat(101), 'Full name is too long'],
    ['Your Email Address', 'thandi@', 'Please enter a valid email address'],
    ['Password', 'short1A', 'Password must be at least 8 characters'],
    ['Password', 'alllowercase1', 'Password must contain uppercase, lowercase, and number'],
    ['Confirm Password', 'Different123', "Passwords don't match"],
    ['Law Firm Name', 'M', 'Firm name must be at least 2 characters'],
    ['Law Firm Name', 'x'.repeat(201), 'Firm name is too long'],
    ['Firm Contact Email', 'info', 'Please enter a valid firm email address'],
    ['Firm Business Address', 'Short st', 'Please enter a complete business address'],
    ['Firm Business Address', 'x'.repeat(501), 'Address is too long'],
    ['Main Branch Name', 'C', 'Branch name must be at least 2 characters'],
    ['Main Branch Name', 'x'.repeat(101), 'Branch name is too long'],
    ['Practice Number', 'PN', 'Practice number must be at least 3 characters'],
    ['Practice Number', 'x'.repeat(51), 'Practice number is too long'],
  ])(
    '%s "%s" → %s',
    async (label, value, message) => {
      const { calls } = mockApi({});
      renderWithProviders(<SignupForm onRegistered={vi.fn()} />);
      const user = await fillForm({ ...VALID, [label]: value });
      await submit(user);
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(calls).toHaveLength(0);
    },
    30000,
  );

  it('sends trimmed values and reports success', async () => {
    const { find } = mockApi({
      'POST /auth/register': reply(201, { status: 'success', data: {}, message: 'ok' }),
    });
    const onRegistered = vi.fn();
    renderWithProviders(<SignupForm onRegistered={onRegistered} />);
    const user = await fillForm(VALID);
    await submit(user);
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(find('POST', '/auth/register')[0]?.body).toEqual({
      full_name: 'Thandi Mokoena',
      email: 'thandi@mokoena.co.za',
      phone_number: null,
      password: 'Secure123',
      confirm_password: 'Secure123',
      firm_name: 'Mokoena Attorneys',
      firm_email: 'info@mokoena.co.za',
      firm_phone: null,
      firm_address: '12 Long Street, Cape Town, 8001',
      branch_name: 'Cape Town',
      practice_number: 'PN-12345',
    });
  }, 30000);

  it.each([
    [405, undefined, 'Registration endpoint not properly configured. Please contact support.'],
    [422, undefined, 'Registration validation failed. Please check all required fields.'],
    [409, 'A user with this email already exists.', 'A user with this email already exists.'],
    [500, 'boom', 'Registration failed. Please try again.'],
  ])(
    'shows the registration message for %i',
    async (status, detail, message) => {
      mockApi({ 'POST /auth/register': reply(status, detail ? { detail } : { detail: [] }) });
      renderWithProviders(<SignupForm onRegistered={vi.fn()} />);
      const user = await fillForm(VALID);
      await submit(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    },
    30000,
  );

  it('shows the connection message when the service cannot be reached', async () => {
    failNetwork();
    renderWithProviders(<SignupForm onRegistered={vi.fn()} />);
    const user = await fillForm(VALID);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to connect to the registration service. Please check your internet connection and try again.',
    );
  }, 30000);

  it.each([
    ['EMAIL_TAKEN', 409, 'A user with this email already exists.', 'Your Email Address'],
    ['PRACTICE_NUMBER_TAKEN', 400, 'A branch with this practice number already exists.', 'Practice Number'],
  ])(
    'brings a %s answer into view, focuses it and marks the field it names',
    async (code, status, detail, label) => {
      const scrolled = vi.fn();
      Element.prototype.scrollIntoView = scrolled;
      mockApi({ 'POST /auth/register': reply(status, { detail, code }) });
      renderWithProviders(<SignupForm onRegistered={vi.fn()} />);
      const user = await fillForm(VALID);
      await submit(user);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(detail);
      await waitFor(() => expect(alert).toHaveFocus());
      expect(scrolled).toHaveBeenCalled();
      const input = field(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(detail);
    },
    30000,
  );
});
