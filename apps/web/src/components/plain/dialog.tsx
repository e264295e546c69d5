import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled), [tabindex="0"]';

/**
 * A modal dialog with the look of the theme's dialogs (plain kit), named by its title (`labelledBy`). While open, focus
 * moves into it and stays there (Tab and Shift+Tab wrap round), Escape and a click on the backdrop call `onClose`, the page
 * behind does not scroll; on closing, focus returns to the control that opened it.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  children: ReactNode;
}) {
  const paper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = paper.current;
    // A control that asked for focus (autoFocus) keeps it; otherwise the dialog itself takes it, as MUI's does.
    if (node && !node.contains(document.activeElement)) node.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  // Focus that leaves the sheet by Tab lands on a sentinel, which sends it to the other end (as MUI's FocusTrap).
  const wrap = (to: 'first' | 'last') => () => {
    // In document order (filtered, not queried: jsdom's selector lists answer grouped by selector).
    const items = [...(paper.current?.querySelectorAll<HTMLElement>('*') ?? [])].filter((node) =>
      node.matches(FOCUSABLE),
    );
    (to === 'first' ? items[0] : items[items.length - 1])?.focus();
  };

  return createPortal(
    <div className="ls-dialog" onKeyDown={onKeyDown}>
      <div className="ls-dialog__backdrop" aria-hidden="true" onClick={onClose} />
      <div tabIndex={0} onFocus={wrap('last')} />
      <div
        ref={paper}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className="ls-dialog__paper"
      >
        {children}
      </div>
      <div tabIndex={0} onFocus={wrap('first')} />
    </div>,
    document.body,
  );
}
