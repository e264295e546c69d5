import './form-controls.css';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { SvgPaths } from './icon';

/** Material's CheckBox and CheckBoxOutlineBlank (Apache-2.0, @mui/material). */
const CHECKED =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';
const UNCHECKED =
  'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';

/**
 * A labelled checkbox with the look of the theme's (MUI's `FormControlLabel` with a `Checkbox`): a real checkbox input
 * named by its label, drawn as the Material box, with an optional helper text under it (tied by aria-describedby; an
 * error sets aria-invalid).
 */
export function Checkbox({
  label,
  helperText,
  error = false,
  className,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
}) {
  const helperId = useId();
  return (
    <div
      className={['ls-check', input.disabled && 'ls-check--disabled', className].filter(Boolean).join(' ')}
    >
      <label className="ls-check__label">
        <span className="ls-check__box">
          <input
            {...input}
            type="checkbox"
            className="ls-check__input"
            aria-invalid={error || undefined}
            aria-describedby={helperText ? helperId : undefined}
          />
          <SvgPaths paths={input.checked ? CHECKED : UNCHECKED} />
        </span>
        <span>{label}</span>
      </label>
      {helperText ? (
        <p id={helperId} className={error ? 'ls-check__helper ls-check__helper--error' : 'ls-check__helper'}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}
