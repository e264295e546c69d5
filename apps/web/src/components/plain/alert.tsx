import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';

type Severity = 'success' | 'warning' | 'error' | 'info';

const DEFAULT_ICON: Record<Severity, IconName> = {
  success: 'successOutlined',
  warning: 'reportProblemOutlined',
  error: 'errorOutline',
  info: 'helpOutlined',
};

/**
 * A notice with the look of the theme's alerts: icon, optional title, message, optional close button ("Close").
 * `role` is 'alert' unless given (as MUI's Alert).
 */
export function Alert({
  severity,
  title,
  icon,
  onClose,
  role = 'alert',
  className,
  children,
  testId,
}: {
  severity: Severity;
  title?: ReactNode;
  icon?: IconName;
  onClose?: () => void;
  role?: string;
  className?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      role={role}
      className={[`ls-alert ls-alert--${severity}`, className].filter(Boolean).join(' ')}
      data-testid={testId}
    >
      <div className="ls-alert__icon">
        <Icon name={icon ?? DEFAULT_ICON[severity]} />
      </div>
      <div className="ls-alert__message">
        {title ? <div className="ls-alert__title">{title}</div> : null}
        {children}
      </div>
      {onClose ? (
        <div className="ls-alert__action">
          <button
            type="button"
            className="ls-icon-btn ls-icon-btn--small"
            aria-label="Close"
            title="Close"
            onClick={onClose}
          >
            <Icon name="close" size={20} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
