import { useState } from 'react';
import type { Step } from '../../utils/wizard-rules';

/**
 * The wizard's position: the current step, the first step that may be shown, and the messages of the last check.
 * `onLeave` runs when Next leaves a step that passed its checks.
 */
export function useWizardSteps(validate: (step: Step) => string[], onLeave?: (step: Step) => void) {
  const [currentStep, setCurrentStep] = useState<Step>(1);
  const [minStep, setMinStep] = useState<Step>(1);
  const [errors, setErrors] = useState<string[]>([]);

  /** Next: only when the current step passes its checks. */
  const next = () => {
    const problems = validate(currentStep);
    setErrors(problems);
    if (problems.length) return;
    onLeave?.(currentStep);
    setCurrentStep((step) => Math.min(5, step + 1) as Step);
  };
  const previous = () => {
    setErrors([]);
    setCurrentStep((step) => Math.max(minStep, step - 1) as Step);
  };
  /** The stepper: back to any step already shown. */
  const goTo = (step: Step) => {
    if (step < minStep || step > currentStep) return;
    setErrors([]);
    setCurrentStep(step);
  };
  /** "← Edit Case Info": back to step 1, which is shown again. */
  const editCaseInfo = () => {
    setErrors([]);
    setMinStep(1);
    setCurrentStep(1);
  };
  /** A resumed draft starts at its step, and the steps before it stay hidden. */
  const startAt = (step: Step) => {
    setCurrentStep(step);
    setMinStep(step);
    setErrors([]);
  };

  /** A step the server's refusal points at: shown (also one a resumed draft had hidden), its messages left to the caller. */
  const showStep = (step: Step) => {
    setMinStep((min) => (step < min ? step : min));
    setCurrentStep(step);
  };

  return { currentStep, minStep, errors, setErrors, next, previous, goTo, editCaseInfo, startAt, showStep };
}
