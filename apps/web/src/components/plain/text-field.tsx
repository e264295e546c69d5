import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  small?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** A control at the end of the field (the password field's show/hide button). */
  endAdornment?: ReactNode;
};

/**
 * A labelled text input with the look of the theme's outlined field. The helper text (or the error message) is tied to
 * the input by aria-describedby, and an error sets aria-invalid. Takes `fieldProps(form, name)` (lib/form.ts) as is.
 */
export function TextField({
  label,
  helperText,
  error = false,
  small = false,
  inputRef,
  endAdornment,
  id,
  className,
  placeholder,
  ...input
}: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <div
      className={['ls-field', small && 'ls-field--small', error && 'ls-field--error', className]
        .filter(Boolean)
        .join(' ')}
    >
      <label className="ls-field__label" htmlFor={inputId} id={`${inputId}-label`}>
        {label}
        {input.required ? <span aria-hidden="true">{'\u2009*'}</span> : null}
      </label>
      <div className={endAdornment ? 'ls-field__box ls-field__box--adorned' : 'ls-field__box'}>
        <input
          {...input}
          id={inputId}
          ref={inputRef}
          className="ls-field__input"
          // A placeholder is always set: the label rests inside the empty field (plain.css, :placeholder-shown).
          placeholder={placeholder ?? ' '}
          aria-invalid={error}
          aria-describedby={helperId}
        />
        {endAdornment ? <div className="ls-field__adornment">{endAdornment}</div> : null}
      </div>
      {helperText ? (
        <p className="ls-field__helper" id={helperId}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}
