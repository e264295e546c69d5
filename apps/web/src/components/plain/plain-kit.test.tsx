import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { Alert } from './alert';
import { Dialog } from './dialog';
import { PasswordField } from './password-field';
import { Tabs } from './tabs';
import { TextArea, TextField } from './text-field';

describe('the plain kit of the public pages', () => {
  it('names a text field by its label and ties the helper text to it', () => {
    render(<TextField label="Security ID" helperText="Printed at the bottom of every page." />);
    const input = screen.getByRole('textbox', { name: 'Security ID' });
    expect(input).toHaveAccessibleDescription('Printed at the bottom of every page.');
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('marks a field in error as invalid, with the message as its description', () => {
    render(<TextField label="Email Address" error helperText="Email is required" />);
    const input = screen.getByRole('textbox', { name: 'Email Address' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is required');
  });

  it('shows and hides a password with a named toggle button', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('announces an alert with its title, and closes it with a button named Close', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Alert severity="warning" title="Session Expired" onClose={onClose}>
        Please log in again.
      </Alert>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Session ExpiredPlease log in again.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('gives an alert an action beside its close button, and lets it take focus', () => {
    const onRetry = vi.fn();
    render(
      <Alert severity="error" tabIndex={-1} action={<button onClick={onRetry}>Retry</button>}>
        Failed to load.
      </Alert>,
    );
    const alert = screen.getByRole('alert');
    alert.focus();
    expect(alert).toHaveFocus();
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('names a text area by its label, marks it invalid with its message, and marks it required', () => {
    render(
      <TextArea
        label="Firm Business Address"
        required
        error
        helperText="Please enter a complete business address"
      />,
    );
    const area = screen.getByRole('textbox', { name: /^Firm Business Address/ });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toBeRequired();
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('Please enter a complete business address');
  });

  it('opens a dialog named by its title with focus inside, keeps Tab inside, and closes on Escape back to the opener', async () => {
    const user = userEvent.setup();
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Contact Sales</button>
          <Dialog open={open} onClose={() => setOpen(false)} labelledBy="title">
            <h2 id="title">Talk to sales</h2>
            <input aria-label="Your Name" />
            <button>Send Request</button>
          </Dialog>
        </>
      );
    }
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Contact Sales' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Talk to sales' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Your Name')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send Request' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Your Name')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Send Request' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('draws tabs as a tab list: Tab reaches the selected one, the arrow keys move, Enter selects', async () => {
    const user = userEvent.setup();
    function Strip() {
      const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
      const items = (['a', 'b', 'c'] as const).map((v) => ({
        value: v,
        label: `Tab ${v}`,
        id: `tab-${v}`,
        controls: `panel-${v}`,
      }));
      return (
        <>
          <button type="button">Before</button>
          <Tabs items={items} value={value} onChange={setValue} aria-label="Sections" />
        </>
      );
    }
    render(<Strip />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Tab a');
    expect(screen.getByRole('tab', { name: 'Tab b' })).toHaveAttribute('aria-controls', 'panel-b');
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Tab a' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Tab c' })).toHaveFocus();
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Tab a');
    await user.keyboard('{Home}{ArrowRight}{Enter}');
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Tab b');
    expect(list.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
  });
});
