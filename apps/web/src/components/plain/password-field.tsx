import { useState } from 'react';
import { Icon } from './icon';
import { TextField, type TextFieldProps } from './text-field';

/** A password input with a show/hide toggle that keyboard and screen-reader users can operate (plain kit). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  const label = props.label.toLowerCase();
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className="ls-icon-btn ls-field__toggle"
          aria-label={visible ? `Hide ${label}` : `Show ${label}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          onMouseDown={(event) => event.preventDefault()}
        >
          <Icon name={visible ? 'visibilityOff' : 'visibility'} />
        </button>
      }
    />
  );
}
