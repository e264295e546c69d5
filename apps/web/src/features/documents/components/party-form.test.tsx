import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { emptyParty, type PartyData } from '../utils/party-rules';
import { PartyForm } from './party-form';

function Harness({ initial = emptyParty() }: { initial?: PartyData }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PartyForm value={value} onChange={setValue} />
      <output data-testid="state">{JSON.stringify(value)}</output>
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as PartyData;

describe('PartyForm', () => {
  it('defaults to a client individual and offers every option list', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('combobox', { name: /party role/i }, { timeout: 8000 })).toHaveTextContent(
      'Client',
    );
    expect(screen.getByRole('radio', { name: 'Individual' })).toBeChecked();
    await user.click(screen.getByRole('combobox', { name: /^title/i }));
    const titles = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(titles).toEqual([
      'Mr',
      'Mrs',
      'Miss',
      'Dr',
      'Prof',
      'Adv',
      'Hon',
      'Rev',
      'Fr',
      'Chief',
      'King',
      'Queen',
      'Pr',
      'Sc',
      'Mx',
      'N/A',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: /gender/i }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Male', 'Female', 'Other', 'Prefer not to say']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: /party role/i }));
    // The spec's 13 roles, then the procedural roles of a citation (appellant, excipient, intervening party, garnishee).
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(17);
  });

  it('keeps only 13 digits in the ID number, checks it and fills the birth date', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />);
    const id = await screen.findByRole('textbox', { name: /id number/i }, { timeout: 8000 });
    expect(screen.getByText('13 digits only')).toBeInTheDocument();
    await user.type(id, '80a01-01');
    await user.tab();
    expect(id).toHaveValue('800101');
    expect(screen.getByText('ID number must be exactly 13 digits')).toBeInTheDocument();
    await user.type(id, '50090879999');
    expect(id).toHaveValue('8001015009087');
    expect(screen.queryByText('ID number must be exactly 13 digits')).not.toBeInTheDocument();
    expect(state().date_of_birth).toBe('1980-01-01');
    // A pasted ID with separators keeps all its digits.
    await user.clear(id);
    await user.click(id);
    await user.paste('800101 5009 087');
    expect(id).toHaveValue('8001015009087');
  });

  it('checks the e-mail address', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />);
    const email = await screen.findByRole('textbox', { name: /^email/i }, { timeout: 8000 });
    await user.type(email, 'john@');
    await user.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(email, 'example.co.za');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });

  it('"Validate Form" lists the missing fields', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />);
    await user.type(await screen.findByRole('textbox', { name: /first name/i }, { timeout: 8000 }), 'John');
    await user.click(screen.getByRole('button', { name: 'Validate Form' }));
    const alert = screen.getByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Title is required',
      'Last name is required',
      'Gender is required',
      'Marital status is required',
      'Nationality is required',
      'Race is required',
      'ID number is required',
      'Date of birth is required',
      'Email is required',
      'Physical address is required',
      'Language is required',
    ]);
  });

  it('switching to an entity clears the fields, keeps the role and shows the entity details', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness initial={{ ...emptyParty(), role: 'defendant', first_name: 'John' }} />);
    await user.click(await screen.findByRole('radio', { name: 'Entity' }, { timeout: 8000 }));
    expect(state()).toMatchObject({ type: 'entity', role: 'defendant', first_name: '' });
    expect(screen.getByText('Entity Details')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /trading name/i })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /business type/i }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Company', 'Government', 'NGO', 'N/A']);
  });
});
