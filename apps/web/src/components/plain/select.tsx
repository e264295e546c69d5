import './form-controls.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from './icon';
import { BELOW, listPlacement } from './list-placement';
import { FieldFrame, type FieldLook } from './text-field';

export type SelectOption = { value: string; label: string };

type SelectProps = FieldLook & {
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
};

/**
 * A labelled select with the look and keys of the theme's outlined select (MUI's `TextField select`): a `combobox`
 * named by its label and value, that opens a `listbox` of `option`s below it. Enter, Space or the arrow keys open it
 * with the focus on the chosen option; the arrows, Home, End and a first letter move; Enter, Space or a click choose;
 * Escape, Tab or a click beside it close it, and the focus returns to the field. The helper text (or the error) is tied
 * by aria-describedby, and an error sets aria-invalid.
 */
export function Select({
  label,
  helperText,
  error = false,
  small,
  value,
  options,
  onChange,
  required,
  disabled,
  id,
  className,
}: SelectProps) {
  const [open, setOpen] = useState(false);
  // Where the list opens: below the field, or above it when there is more room there; as tall as that room allows.
  const [place, setPlace] = useState(BELOW);
  // Opened or moved with the keys: the focused option is marked (as MUI's focus-visible); with the mouse, the hovered one.
  const [byKeys, setByKeys] = useState(false);
  const displayRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const generated = useId();
  const fieldId = id ?? generated;
  const listId = `${fieldId}-listbox`;
  const chosen = options.find((o) => o.value === value);

  const optionEls = () =>
    Array.from(listRef.current?.querySelectorAll<HTMLLIElement>('[role="option"]') ?? []);
  const focusOption = (index: number) => optionEls()[index]?.focus();
  const show = (withKeys: boolean) => {
    if (disabled) return;
    setByKeys(withKeys);
    setPlace(listPlacement(displayRef.current));
    setOpen(true);
  };
  // Once the list is drawn, the focus is on the chosen option (or the first).
  useEffect(() => {
    if (open)
      focusOption(
        Math.max(
          0,
          options.findIndex((o) => o.value === value),
        ),
      );
    // Only when the list opens: the focus then moves with the keys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  // A field disabled while its list is open (a save started) closes it.
  useEffect(() => {
    if (disabled && open) setOpen(false);
  }, [disabled, open]);
  const close = () => {
    setOpen(false);
    displayRef.current?.focus();
  };
  const choose = (option: SelectOption) => {
    if (disabled) return;
    if (option.value !== value) onChange(option.value);
    close();
  };

  const onDisplayKeyDown = (event: KeyboardEvent) => {
    if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
      event.preventDefault();
      show(true);
    }
  };
  const onListKeyDown = (event: KeyboardEvent) => {
    const items = optionEls();
    const at = items.indexOf(document.activeElement as HTMLLIElement);
    const move = (index: number) => {
      event.preventDefault();
      setByKeys(true);
      items[(index + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(items.length - 1);
      case 'Enter':
      case ' ':
        event.preventDefault();
        if (options[at]) choose(options[at]);
        return;
      case 'Escape':
      case 'Tab':
        event.preventDefault();
        return close();
      default:
        // A letter with Ctrl, Alt or Meta is the browser's shortcut, not a search.
        if (event.key.length === 1 && !event.ctrlKey && !event.altKey && !event.metaKey) {
          // Type-ahead: the next option that starts with the letter.
          const letter = event.key.toLowerCase();
          const next = options.findIndex((o, i) => i > at && o.label.toLowerCase().startsWith(letter));
          const first = options.findIndex((o) => o.label.toLowerCase().startsWith(letter));
          const target = next >= 0 ? next : first;
          if (target >= 0) move(target);
        }
    }
  };

  return (
    <FieldFrame
      {...{ label, helperText, error, small, required, className }}
      id={fieldId}
      empty={!chosen && !open}
      control={({ describedBy }) => (
        <>
          <div
            ref={displayRef}
            id={fieldId}
            role="combobox"
            tabIndex={disabled ? -1 : 0}
            className="ls-field__input ls-select"
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-labelledby={`${fieldId}-label ${fieldId}-value`}
            aria-describedby={describedBy}
            aria-invalid={error}
            aria-required={required || undefined}
            aria-disabled={disabled || undefined}
            onMouseDown={(event) => {
              // A press opens the list (as MUI's), not the focus that follows.
              if (event.button !== 0) return;
              event.preventDefault();
              if (disabled) return;
              displayRef.current?.focus();
              show(false);
            }}
            onKeyDown={onDisplayKeyDown}
          >
            {chosen ? (
              <span id={`${fieldId}-value`}>{chosen.label}</span>
            ) : (
              <span aria-hidden="true">{'\u200b'}</span>
            )}
          </div>
          <Icon
            name="arrowDropDown"
            className={open ? 'ls-select__arrow ls-select__arrow--open' : 'ls-select__arrow'}
          />
          {open ? (
            <>
              <div
                className="ls-select__backdrop"
                onMouseDown={(event) => event.preventDefault()}
                onClick={close}
              />
              <ul
                ref={listRef}
                id={listId}
                role="listbox"
                aria-labelledby={`${fieldId}-label`}
                className={[
                  'ls-select__list',
                  place.up && 'ls-select__list--up',
                  byKeys && 'ls-select__list--keys',
                ]
                  .filter(Boolean)
                  .join(' ')}
                style={{ maxHeight: place.maxHeight }}
                onKeyDown={onListKeyDown}
              >
                {options.map((option) => (
                  <li
                    key={option.value}
                    role="option"
                    tabIndex={-1}
                    aria-selected={option.value === value}
                    className="ls-select__option"
                    onClick={() => choose(option)}
                  >
                    {option.label}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    />
  );
}
