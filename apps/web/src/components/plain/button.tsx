import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

type Look = {
  variant?: 'contained' | 'outlined' | 'text';
  /** Navy (the default) or gold. */
  gold?: boolean;
  large?: boolean;
  fullWidth?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
};

const lookClass = ({ variant = 'text', gold, large, fullWidth }: Look, extra?: string) =>
  [
    'ls-btn',
    `ls-btn--${variant}`,
    gold && 'ls-btn--gold',
    large && 'ls-btn--lg',
    fullWidth && 'ls-btn--full',
    extra,
  ]
    .filter(Boolean)
    .join(' ');

const content = ({ startIcon, endIcon }: Look, children: ReactNode) => (
  <>
    {startIcon ? <span className="ls-btn__icon">{startIcon}</span> : null}
    {children}
    {endIcon ? <span className="ls-btn__icon">{endIcon}</span> : null}
  </>
);

/** A button with the look of the theme's buttons (contained, outlined or text; navy or gold; 44 px tall on phones). */
export function Button({
  variant,
  gold,
  large,
  fullWidth,
  startIcon,
  endIcon,
  className,
  type = 'button',
  children,
  ...rest
}: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  const look = { variant, gold, large, fullWidth, startIcon, endIcon };
  return (
    <button type={type} className={lookClass(look, className)} {...rest}>
      {content(look, children)}
    </button>
  );
}

/** A link in the app that looks like a button. */
export function ButtonLink({
  variant,
  gold,
  large,
  fullWidth,
  startIcon,
  endIcon,
  className,
  children,
  ...rest
}: Look & LinkProps) {
  const look = { variant, gold, large, fullWidth, startIcon, endIcon };
  return (
    <Link className={lookClass(look, className)} {...rest}>
      {content(look, children)}
    </Link>
  );
}
