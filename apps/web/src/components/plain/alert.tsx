import type { ReactNode, Ref } from 'react';
import { Icon, type IconName } from './icon';

type Severity = 'success' | 'warning' | 'error' | 'info';

const DEFAULT_ICON: Record<Severity, IconName> = {
  success: 'successOutlined',
  warning: 'reportProblemOutlined',
  error: 'errorOutline',
  info: 'helpOutlined',
};

/**
 * A notice with the look of the theme's alerts: icon, optional title, message, optional action (a button) and close
 * button ("Close"). `role` is 'alert' unless given (as MUI's Alert). `ref` and `tabIndex={-1}` let an error summary
 * take focus (lib/use-error-summary.ts).
 */
export function Alert({
  severity,
  title,
  icon,
  onClose,
  action,
  role = 'alert',
  className,
  children,
  testId,
  ref,
  tabIndex,
  ariaLabel,
}: {
  severity: Severity;
  title?: ReactNode;
  icon?: IconName;
  onClose?: () => void;
  action?: ReactNode;
  role?: string;
  className?: string;
  children?: ReactNode;
  testId?: string;
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
  /** A name of its own (a note named for what it says). */
  ariaLabel?: string;
}) {
  return (
    <div
      role={role}
      className={[`ls-alert ls-alert--${severity}`, className].filter(Boolean).join(' ')}
      data-testid={testId}
      ref={ref}
      tabIndex={tabIndex}
      aria-label={ariaLabel}
    >
      <div className="ls-alert__icon">
        <Icon name={icon ?? DEFAULT_ICON[severity]} />
      </div>
      <div className="ls-alert__message">
        {title ? <div className="ls-alert__title">{title}</div> : null}
        {children}
      </div>
      {action || onClose ? (
        <div className="ls-alert__action">
          {action}
          {onClose ? (
            <button
              type="button"
              className="ls-icon-btn ls-icon-btn--small"
              aria-label="Close"
              title="Close"
              onClick={onClose}
            >
              <Icon name="close" size={20} />
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
