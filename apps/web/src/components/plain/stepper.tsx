import './form-controls.css';
import type { ReactNode } from 'react';
import { SvgPaths } from './icon';

/** Material's CheckCircle as MUI's StepIcon draws a completed step (Apache-2.0, @mui/material). */
const DONE = 'M12 0a12 12 0 1 0 0 24 12 12 0 0 0 0-24zm-2 17l-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9z';

export type StepItem = {
  key: string | number;
  /** The number in the step's circle. */
  icon: number;
  label: ReactNode;
  completed?: boolean;
  active?: boolean;
  /** A completed step the user may go back to: the step is a button with this name. */
  onClick?: () => void;
  buttonLabel?: string;
  disabled?: boolean;
};

function StepIcon({ icon, completed, active }: Pick<StepItem, 'icon' | 'completed' | 'active'>) {
  if (completed) return <SvgPaths paths={DONE} className="ls-step__icon ls-step__icon--done" />;
  return (
    <svg
      className={active ? 'ls-icon ls-step__icon ls-step__icon--active' : 'ls-icon ls-step__icon'}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="12" />
      <text className="ls-step__number" x="12" y="12" textAnchor="middle" dominantBaseline="central">
        {icon}
      </text>
    </svg>
  );
}

/**
 * The steps of a process with the look of MUI's Stepper: numbered circles side by side with the labels under them,
 * and under one another on a phone (below 600 px, CSS only); a completed step shows a tick. The steps are an ordered
 * list; the current one has aria-current="step".
 */
export function Stepper({ steps }: { steps: readonly StepItem[] }) {
  return (
    <ol className="ls-stepper">
      {steps.map((step, index) => {
        const body = (
          <>
            <span className="ls-step__icon-box">
              <StepIcon icon={step.icon} completed={step.completed} active={step.active} />
            </span>
            <span
              className={
                step.active || step.completed ? 'ls-step__label ls-step__label--on' : 'ls-step__label'
              }
            >
              {step.label}
            </span>
          </>
        );
        return (
          <li key={step.key} className="ls-step" aria-current={step.active ? 'step' : undefined}>
            {index > 0 ? <span className="ls-step__connector" aria-hidden="true" /> : null}
            {step.onClick ? (
              <button
                type="button"
                className="ls-step__body ls-step__button"
                onClick={step.onClick}
                disabled={step.disabled}
                aria-label={step.buttonLabel}
              >
                {body}
              </button>
            ) : (
              <span className="ls-step__body">{body}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
