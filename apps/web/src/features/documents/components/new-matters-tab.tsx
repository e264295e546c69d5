import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDashboardFeedback } from '../../../components/dashboard-feedback';
import { Alert } from '../../../components/plain/alert';
import { Button } from '../../../components/plain/button';
import { Icon } from '../../../components/plain/icon';
import { Spinner } from '../../../components/plain/spinner';
import { Stepper } from '../../../components/plain/stepper';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { useErrorSummary } from '../../../lib/use-error-summary';
import { useMatterWizard } from '../hooks/use-matter-wizard';
import {
  STEP_LABELS,
  STEP_TITLES,
  saveButtonLabel,
  toStep,
  type Step as WizardStep,
} from '../utils/wizard-rules';
import { ServiceStep } from './service-step';
import { STEP3_NOTE } from '../utils/citation';
import { CaseInfoStep } from './case-info-step';
import { CitationStep } from './citation-step';
import { ReviewStep, UploadStep } from './wizard-steps';
import './new-matters.css';

/** Dashboard tab "New Matters": the five-step New Matter wizard (spec 2.2); firm roles only (a sheriff has no such tab). */
export function NewMattersTab({ subtab }: { subtab?: string | null }) {
  void subtab;
  return <MatterWizardView />;
}

function MatterWizardView() {
  const { data: user } = useCurrentUser();
  const feedback = useDashboardFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resumeParam = Number(params.get('resume'));
  const resumeId = Number.isInteger(resumeParam) && resumeParam > 0 ? resumeParam : null;
  const wizard = useMatterWizard({
    user,
    feedback,
    resumeId,
    requestedStep: toStep(params.get('step')),
    onSubmitted: (id) => navigate(paths.app.activeCase(id)),
  });
  const { currentStep, minStep, busy, phase } = wizard;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // The step's messages sit above the fields while Next and Submit are at the bottom: bring them into view.
  const errorSummary = useErrorSummary(wizard.errors.join('\n'));

  const hasErrors = useRef(false);
  hasErrors.current = wizard.errors.length > 0;

  // Moving between steps puts keyboard and screen-reader focus on the new step's heading; when a refused submit brings
  // a step back with its messages, the error summary has the focus instead.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (hasErrors.current) return;
    headingRef.current?.focus();
  }, [currentStep]);

  const steps = ([1, 2, 3, 4, 5] as const).filter((step) => step >= minStep);
  const submitLabel =
    phase === 'submitting' ? 'Submitting...' : phase === 'proof' ? 'Generating Proof...' : 'Submit Document';

  if (wizard.completion) {
    return (
      <section className="ls-wizard__paper ls-wizard__done">
        <h2 className="ls-h5 ls-gutter">
          {wizard.completion.proofError ? 'Document served' : 'Document submitted'}
        </h2>
        {!wizard.completion.served ? (
          <p className="ls-p ls-muted ls-wizard__done-line">
            It is with the sheriff for service. You will be notified when the sheriff issues the return of
            service.
          </p>
        ) : null}
        {wizard.completion.proofError ? (
          <Alert severity="warning" className="ls-wizard__done-alert">
            {wizard.completion.proofError}
          </Alert>
        ) : (
          <div className="ls-wizard__done-status" role="status">
            <Spinner size={20} />
            <p className="ls-p">Document submitted successfully! Redirecting to case view...</p>
          </div>
        )}
        <Button
          variant="contained"
          onClick={() => navigate(paths.app.activeCase(wizard.completion!.documentId))}
        >
          Open Case
        </Button>
      </section>
    );
  }

  return (
    <div>
      <div className="ls-wizard__head">
        <h2 className="ls-h5">New Matter</h2>
        <p className="ls-p ls-muted">
          Prepare a case document for service in five steps. You can save a draft at every step.
        </p>
      </div>

      {wizard.loadedNotice ? (
        <Alert
          severity="info"
          onClose={wizard.dismissLoadedNotice}
          className="ls-wizard__notice"
          role="status"
        >
          Draft loaded! Continuing from step {wizard.loadedNotice}.
        </Alert>
      ) : null}

      <div className="ls-wizard__paper ls-wizard__steps">
        <Stepper
          steps={steps.map((step) => ({
            key: step,
            // The real step number, also when a resumed draft hides the steps before it ("3 Parties", not "1 Parties").
            icon: step,
            label: STEP_LABELS[step - 1],
            completed: step < currentStep,
            active: step === currentStep,
            ...(step < currentStep
              ? {
                  onClick: () => wizard.goTo(step),
                  disabled: busy,
                  buttonLabel: `Go back to step ${step}, ${STEP_LABELS[step - 1]}`,
                }
              : {}),
          }))}
        />
      </div>

      <section className="ls-wizard__paper" aria-labelledby="wizard-step-heading">
        <h3 id="wizard-step-heading" ref={headingRef} tabIndex={-1} className="ls-h6 ls-wizard__heading">
          Step {currentStep}: {STEP_TITLES[currentStep - 1]}
        </h3>
        {currentStep === 3 ? (
          <p className="ls-p ls-body2 ls-muted ls-wizard__step-note">{STEP3_NOTE}</p>
        ) : null}

        {wizard.errors.length ? (
          <Alert ref={errorSummary} tabIndex={-1} severity="error" className="ls-wizard__errors" role="alert">
            {wizard.errors.length === 1 ? (
              wizard.errors[0]
            ) : (
              <ul className="ls-wizard__error-list">
                {wizard.errors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
          </Alert>
        ) : null}

        <div className="ls-wizard__body">
          {currentStep === 1 ? <CaseInfoStep wizard={wizard} /> : null}
          {currentStep === 2 ? <UploadStep wizard={wizard} /> : null}
          {currentStep === 3 ? <CitationStep wizard={wizard} /> : null}
          {currentStep === 4 ? <ServiceStep wizard={wizard} /> : null}
          {currentStep === 5 ? <ReviewStep wizard={wizard} fullName={user?.full_name} /> : null}
        </div>
      </section>

      <WizardBar
        step={currentStep}
        minStep={minStep}
        busy={busy}
        saving={wizard.saving}
        complete={wizard.stepComplete}
        submitLabel={submitLabel}
        onPrevious={wizard.previous}
        onEditCaseInfo={wizard.editCaseInfo}
        onSave={() => void wizard.saveDraft()}
        onNext={wizard.next}
        onSubmit={() => void wizard.submit()}
      />
    </div>
  );
}

type WizardBarProps = {
  step: WizardStep;
  minStep: WizardStep;
  busy: boolean;
  saving: boolean;
  complete: boolean;
  submitLabel: string;
  onPrevious: () => void;
  onEditCaseInfo: () => void;
  onSave: () => void;
  onNext: () => void;
  onSubmit: () => void;
};

/** Previous, "← Edit Case Info", the save-draft button whose label follows the step, and Next or Submit. */
function WizardBar({
  step,
  minStep,
  busy,
  saving,
  complete,
  submitLabel,
  onPrevious,
  onEditCaseInfo,
  onSave,
  onNext,
  onSubmit,
}: WizardBarProps) {
  return (
    <div className="ls-wizard__paper ls-wizard__bar">
      <div className="ls-wizard__bar-back">
        <Button startIcon={<Icon name="arrowBack" />} onClick={onPrevious} disabled={busy || step <= minStep}>
          Previous
        </Button>
        {minStep > 1 ? (
          <Button onClick={onEditCaseInfo} disabled={busy}>
            ← Edit Case Info
          </Button>
        ) : null}
      </div>
      <div className="ls-wizard__bar-save">
        <Button
          variant="outlined"
          startIcon={saving ? <Spinner size={16} /> : <Icon name="saveOutlined" />}
          onClick={onSave}
          disabled={!complete || busy}
          fullWidth
        >
          {saveButtonLabel(step, complete, saving)}
        </Button>
      </div>
      <div className="ls-wizard__bar-next">
        {step < 5 ? (
          <Button
            variant="contained"
            endIcon={<Icon name="arrowForward" />}
            onClick={onNext}
            disabled={busy}
            fullWidth
          >
            Next
          </Button>
        ) : (
          <Button
            variant="contained"
            gold
            endIcon={busy && !saving ? <Spinner size={16} /> : <Icon name="sendOutlined" />}
            onClick={onSubmit}
            disabled={!complete || busy}
            fullWidth
          >
            {submitLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
