import './form-controls.css';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Icon } from './icon';
import { BELOW, listPlacement } from './list-placement';
import { FieldFrame, type FieldLook } from './text-field';

export type ComboboxOption = { label: string; group: string };

type ComboboxProps = FieldLook & {
  /** The text in the field: a chosen option's label or what was typed. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** In the order shown, each group's options together. */
  options: readonly ComboboxOption[];
  required?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
};

/** Lower case without accents, as MUI's default filter compares. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * A text field that suggests (MUI's `Autocomplete freeSolo autoHighlight`): an `input` with role `combobox` whose
 * `listbox` lists the options that contain the text, under their group's name. Typing or a press on the field opens
 * it with the first option highlighted (`aria-activedescendant`); the arrows move, Enter or a click takes the
 * option, Escape closes; any other text may be typed and is kept. The clear button ("Clear") shows on hover and focus.
 */
export function Combobox({
  label,
  helperText,
  error = false,
  small,
  value,
  onChange,
  onBlur,
  options,
  required,
  disabled,
  id,
  className,
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  // Opened on a chosen option, the list shows every option until the text is changed (as MUI's).
  const [pristine, setPristine] = useState(true);
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState(BELOW);
  const inputRef = useRef<HTMLInputElement>(null);
  const generated = useId();
  const fieldId = id ?? generated;
  const listId = `${fieldId}-listbox`;
  const optionId = (index: number) => `${fieldId}-option-${index}`;

  const isOption = options.some((o) => o.label === value);
  const query = fold(isOption && pristine ? '' : value);
  const shown = open && !disabled ? options.filter((o) => fold(o.label).includes(query)) : [];
  // Free text: with nothing to suggest the list stays closed.
  const expanded = shown.length > 0;
  const highlighted = Math.min(active, shown.length - 1);

  useEffect(() => {
    if (expanded) document.getElementById(optionId(highlighted))?.scrollIntoView?.({ block: 'nearest' });
    // The option ids follow the field's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expanded, highlighted]);

  // Opened without typing on a chosen option, the list shows every option with that one highlighted (as MUI's), so
  // Enter keeps it; otherwise the first is.
  const openList = (typed: boolean) => {
    if (!open) setPlace(listPlacement(inputRef.current));
    setOpen(true);
    setPristine(!typed);
    setActive(
      typed
        ? 0
        : Math.max(
            0,
            options.findIndex((o) => o.label === value),
          ),
    );
  };
  const take = (option: ComboboxOption) => {
    onChange(option.label);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) return openList(false);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (shown.length) setActive((highlighted + step + shown.length) % shown.length);
        return;
      }
      case 'Enter': {
        const option = expanded ? shown[highlighted] : undefined;
        if (option) {
          event.preventDefault();
          take(option);
        }
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        }
        return;
    }
  };

  // The options under their group's name, in order.
  const groups: { name: string; items: { option: ComboboxOption; index: number }[] }[] = [];
  shown.forEach((option, index) => {
    const last = groups[groups.length - 1];
    if (last?.name === option.group) last.items.push({ option, index });
    else groups.push({ name: option.group, items: [{ option, index }] });
  });

  return (
    <FieldFrame
      {...{ label, helperText, error, small, required, className }}
      id={fieldId}
      adorned={
        value && !disabled ? (
          <button
            type="button"
            className="ls-icon-btn ls-icon-btn--small ls-combobox__clear"
            aria-label="Clear"
            title="Clear"
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              onChange('');
              setOpen(false);
            }}
          >
            <Icon name="close" size={20} />
          </button>
        ) : undefined
      }
      control={({ id: inputId, describedBy }) => (
        <>
          <input
            ref={inputRef}
            id={inputId}
            className="ls-field__input"
            role="combobox"
            type="text"
            value={value}
            required={required}
            disabled={disabled}
            placeholder=" "
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={expanded ? listId : undefined}
            aria-activedescendant={expanded ? optionId(highlighted) : undefined}
            aria-invalid={error}
            aria-describedby={describedBy}
            onChange={(event) => {
              onChange(event.target.value);
              openList(true);
            }}
            onMouseDown={() => {
              if (!open || !value) openList(false);
              else setOpen(false);
            }}
            onKeyDown={onKeyDown}
            onBlur={(event) => {
              setOpen(false);
              onBlur?.(event);
            }}
          />
          {expanded ? (
            <ul
              id={listId}
              role="listbox"
              aria-labelledby={`${inputId}-label`}
              className={
                place.up
                  ? 'ls-select__list ls-select__list--up ls-combobox__list'
                  : 'ls-select__list ls-combobox__list'
              }
              style={{ maxHeight: place.maxHeight }}
              // The field keeps the focus while an option is pressed.
              onMouseDown={(event) => event.preventDefault()}
            >
              {groups.map((group, g) => (
                <li key={group.name} role="presentation">
                  <div className="ls-combobox__group" id={`${fieldId}-group-${g}`}>
                    {group.name}
                  </div>
                  <ul
                    role="group"
                    aria-labelledby={`${fieldId}-group-${g}`}
                    className="ls-combobox__group-list"
                  >
                    {group.items.map(({ option, index }) => (
                      <li
                        key={option.label}
                        id={optionId(index)}
                        role="option"
                        aria-selected={index === highlighted}
                        className={
                          index === highlighted
                            ? 'ls-select__option ls-select__option--active'
                            : 'ls-select__option'
                        }
                        onMouseMove={() => setActive(index)}
                        onClick={() => take(option)}
                      >
                        {option.label}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    />
  );
}
