import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { Checkbox } from './checkbox';
import { Combobox } from './combobox';
import { Select } from './select';
import { Stepper } from './stepper';

const PRIORITIES = [
  { value: 'urgent', label: 'Urgent' },
  { value: 'high_profile', label: 'High Profile' },
  { value: 'none', label: 'None of the above' },
];

function PrioritySelect({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <Select
        label="Case Priority"
        required
        value={value}
        options={PRIORITIES}
        onChange={setValue}
        error={Boolean(error)}
        helperText={error}
      />
      <button type="button">After</button>
    </>
  );
}

const COURTS = [
  { label: 'Gauteng Division, Pretoria', group: 'High Court of South Africa' },
  { label: 'Gauteng Local Division, Johannesburg', group: 'High Court of South Africa' },
  { label: 'Western Cape Division, Cape Town', group: 'High Court of South Africa' },
  { label: "Magistrate's Court, Pretoria", group: "Magistrates' Courts" },
];

function CourtField({ onBlur }: { onBlur?: () => void }) {
  const [value, setValue] = useState('');
  return (
    <Combobox
      label="Court"
      required
      value={value}
      onChange={setValue}
      options={COURTS}
      onBlur={onBlur}
      helperText="A High Court division"
    />
  );
}

describe('the plain kit’s select, combobox, checkbox and stepper', () => {
  it('names a select by its label and value, ties its message to it, and chooses an option by a click', async () => {
    const user = userEvent.setup();
    render(<PrioritySelect error="Case Priority is required" />);
    const select = screen.getByRole('combobox', { name: /^Case Priority/ });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAttribute('aria-expanded', 'false');
    expect(select).toHaveAccessibleDescription('Case Priority is required');
    await user.click(select);
    const list = screen.getByRole('listbox', { name: /Case Priority/ });
    expect(select).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Urgent', 'High Profile', 'None of the above']);
    await user.click(within(list).getByRole('option', { name: 'High Profile' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(select).toHaveAccessibleName('Case Priority High Profile');
    expect(select).toHaveFocus();
  });

  it('opens a select from the keyboard on its chosen option; the arrows and a letter move, Enter chooses, Escape closes', async () => {
    const user = userEvent.setup();
    render(<PrioritySelect />);
    await user.tab();
    const select = screen.getByRole('combobox', { name: /^Case Priority/ });
    expect(select).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Urgent' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'High Profile' })).toHaveFocus();
    await user.keyboard('n');
    expect(screen.getByRole('option', { name: 'None of the above' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(select).toHaveTextContent('None of the above');
    expect(select).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('option', { name: 'None of the above' })).toHaveFocus();
    expect(screen.getByRole('option', { name: 'None of the above' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(select).toHaveFocus();
    expect(select).toHaveTextContent('None of the above');
  });

  it('suggests the options that contain the text, under their group, and takes one by Enter or a click', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    render(<CourtField onBlur={onBlur} />);
    const input = screen.getByRole('combobox', { name: 'Court' });
    expect(input).toHaveAccessibleDescription('A High Court division');
    await user.type(input, 'pretoria');
    const list = screen.getByRole('listbox', { name: 'Court' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Gauteng Division, Pretoria', "Magistrate's Court, Pretoria"]);
    expect(within(list).getByRole('group', { name: "Magistrates' Courts" })).toHaveTextContent(
      "Magistrate's Court, Pretoria",
    );
    // The first is highlighted; the arrow moves on, Enter takes it.
    expect(input).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0]!.id);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue("Magistrate's Court, Pretoria");
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'cape');
    await user.click(screen.getByRole('option', { name: 'Western Cape Division, Cape Town' }));
    expect(input).toHaveValue('Western Cape Division, Cape Town');
    expect(input).toHaveFocus();

    // Other text is kept, with no list when nothing matches; Escape closes the list.
    await user.clear(input);
    await user.type(input, 'Court of Narnia');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.clear(input);
    await user.type(input, 'Gauteng');
    expect(screen.getAllByRole('option')).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('Gauteng');
    await user.tab();
    expect(onBlur).toHaveBeenCalled();
  });

  it('reopened on a chosen court, highlights that court, so Enter keeps it', async () => {
    const user = userEvent.setup();
    render(<CourtField />);
    const input = screen.getByRole('combobox', { name: 'Court' });
    await user.type(input, 'cape');
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Western Cape Division, Cape Town');
    await user.keyboard('{ArrowDown}');
    const list = screen.getByRole('listbox', { name: 'Court' });
    expect(within(list).getAllByRole('option')).toHaveLength(COURTS.length);
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByRole('option', { name: 'Western Cape Division, Cape Town' }).id,
    );
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Western Cape Division, Cape Town');
  });

  it('leaves a letter typed with Ctrl, Alt or Meta to the browser, and a disabled select shut', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <Select label="Case Priority" value="" options={PRIORITIES} onChange={onChange} />,
    );
    const select = screen.getByRole('combobox', { name: /^Case Priority/ });
    await user.click(select);
    expect(screen.getByRole('option', { name: 'Urgent' })).toHaveFocus();
    await user.keyboard('{Control>}n{/Control}');
    expect(screen.getByRole('option', { name: 'Urgent' })).toHaveFocus();
    // Disabled while open (a save started): the list closes, and a press neither opens it nor focuses the field.
    rerender(<Select label="Case Priority" value="" options={PRIORITIES} onChange={onChange} disabled />);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    select.blur();
    await user.pointer({ keys: '[MouseLeft]', target: select });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(select).not.toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('draws a checkbox named by its label, with its helper text as description', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <Checkbox
        label="This matter runs on Court Online"
        checked={false}
        onChange={onChange}
        helperText="High Court only."
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'This matter runs on Court Online' });
    expect(box).toHaveAccessibleDescription('High Court only.');
    await user.click(box);
    expect(onChange).toHaveBeenCalledTimes(1);
    rerender(
      <Checkbox
        label="This matter runs on Court Online"
        checked={false}
        onChange={onChange}
        disabled
        error
        helperText="Not here."
      />,
    );
    expect(box).toBeDisabled();
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('lists the steps with their real numbers, the current one marked, a completed one a named button', async () => {
    const user = userEvent.setup();
    const back = vi.fn();
    render(
      <Stepper
        steps={[
          {
            key: 2,
            icon: 2,
            label: 'Upload',
            completed: true,
            onClick: back,
            buttonLabel: 'Go back to step 2, Upload',
          },
          { key: 3, icon: 3, label: 'Parties', active: true },
          { key: 4, icon: 4, label: 'Legal Rep' },
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Upload',
      '3Parties',
      '4Legal Rep',
    ]);
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('3Parties');
    await user.click(screen.getByRole('button', { name: 'Go back to step 2, Upload' }));
    expect(back).toHaveBeenCalledTimes(1);
  });
});
