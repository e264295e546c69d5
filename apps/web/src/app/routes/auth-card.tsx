import type { ReactNode } from 'react';

const WIDTH = { xs: 444, sm: 600, md: 900 } as const;

/** The card that holds the login, sign-up and password pages (plain HTML and CSS: the login loads no MUI). */
export function AuthCard({
  title,
  subtitle,
  children,
  maxWidth = 'xs',
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
}) {
  return (
    <div className="ls-container ls-auth" style={{ maxWidth: WIDTH[maxWidth] }}>
      <div className="ls-auth__card">
        <div className="ls-auth__head">
          <h1 className="ls-h4 ls-gutter">{title}</h1>
          {subtitle ? <p className="ls-p ls-muted">{subtitle}</p> : null}
        </div>
        {children}
      </div>
    </div>
  );
}
