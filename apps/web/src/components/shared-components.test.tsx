import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { ConfirmDialog } from './confirm-dialog';
import { NotificationBanner } from './notification-banner';

describe('NotificationBanner (spec 2.13)', () => {
  it('closes itself after 5 seconds', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    renderWithProviders(<NotificationBanner open severity="success" message="Saved" onClose={onClose} />);
    act(() => vi.advanceTimersByTime(4_900));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays while it carries actions', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    renderWithProviders(
      <NotificationBanner
        open
        severity="info"
        message="Update?"
        actions={<button>Go</button>}
        onClose={onClose}
      />,
    );
    act(() => vi.advanceTimersByTime(10_000));
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ConfirmDialog (spec 2.13)', () => {
  it('shows the title, the message and both labels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        open
        type="danger"
        title="Delete draft"
        message="This cannot be undone."
        confirmLabel="Delete"
        cancelLabel="Keep"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete draft' })).toHaveAccessibleDescription(
      'This cannot be undone.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
