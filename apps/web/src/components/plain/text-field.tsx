import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';

type FieldLook = {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  small?: boolean;
};

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> &
  FieldLook & {
    inputRef?: Ref<HTMLInputElement>;
    /** A control at the end of the field (the password field's show/hide button). */
    endAdornment?: ReactNode;
  };

/**
 * The label, the outlined box and the helper text around a field's control; `control` gets the ids to use.
 */
function FieldFrame({
  label,
  helperText,
  error = false,
  small = false,
  required,
  id,
  className,
  adorned,
  control,
}: FieldLook & {
  required?: boolean;
  id?: string;
  className?: string;
  adorned?: ReactNode;
  control: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
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
        {required ? <span aria-hidden="true">{'\u2009*'}</span> : null}
      </label>
      <div className={adorned ? 'ls-field__box ls-field__box--adorned' : 'ls-field__box'}>
        {control({ id: inputId, describedBy: helperId })}
        {adorned ? <div className="ls-field__adornment">{adorned}</div> : null}
      </div>
      {helperText ? (
        <p className="ls-field__helper" id={helperId}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A labelled text input with the look of the theme's outlined field. The helper text (or the error message) is tied to
 * the input by aria-describedby, and an error sets aria-invalid. Takes `fieldProps(form, name)` (lib/form.ts) as is.
 */
export function TextField({
  label,
  helperText,
  error = false,
  small,
  inputRef,
  endAdornment,
  id,
  className,
  placeholder,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame
      {...{ label, helperText, error, small, id, className }}
      required={input.required}
      adorned={endAdornment}
      control={({ id: inputId, describedBy }) => (
        <input
          {...input}
          id={inputId}
          ref={inputRef}
          className="ls-field__input"
          // A placeholder is always set: the label rests inside the empty field (plain.css, :placeholder-shown).
          placeholder={placeholder ?? ' '}
          aria-invalid={error}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

export type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> &
  FieldLook & { inputRef?: Ref<HTMLTextAreaElement> };

/** The text field's multi-line twin (MUI's `multiline`): `rows` lines tall, the user may make it taller. */
export function TextArea({
  label,
  helperText,
  error = false,
  small,
  inputRef,
  id,
  className,
  placeholder,
  rows = 3,
  ...input
}: TextAreaProps) {
  return (
    <FieldFrame
      {...{ label, helperText, error, small, id, className }}
      required={input.required}
      control={({ id: inputId, describedBy }) => (
        <textarea
          {...input}
          id={inputId}
          ref={inputRef}
          rows={rows}
          className="ls-field__input ls-field__input--multiline"
          placeholder={placeholder ?? ' '}
          aria-invalid={error}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}
