import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDashboardFeedback } from '../../../components/dashboard-feedback';
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
import { STEP3_NOTE } from '../utils/citation';
import { CaseInfoStep } from './case-info-step';
import { CitationStep } from './citation-step';
import { ServiceStep } from './service-step';
import { ReviewStep, UploadStep } from './wizard-steps';

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
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {wizard.completion.proofError ? 'Document served' : 'Document submitted'}
        </Typography>
        {!wizard.completion.served ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            It is with the sheriff for service. You will be notified when the sheriff issues the return of
            service.
          </Typography>
        ) : null}
        {wizard.completion.proofError ? (
          <Alert severity="warning" sx={{ textAlign: 'left', mb: 2 }}>
            {wizard.completion.proofError}
          </Alert>
        ) : (
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ justifyContent: 'center', alignItems: 'center', mb: 2 }}
            role="status"
          >
            <CircularProgress size={20} aria-hidden />
            <Typography>Document submitted successfully! Redirecting to case view...</Typography>
          </Stack>
        )}
        <Button
          variant="contained"
          onClick={() => navigate(paths.app.activeCase(wizard.completion!.documentId))}
        >
          Open Case
        </Button>
      </Paper>
    );
  }

  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h2">
          New Matter
        </Typography>
        <Typography color="text.secondary">
          Prepare a case document for service in five steps. You can save a draft at every step.
        </Typography>
      </Box>

      {wizard.loadedNotice ? (
        <Alert severity="info" onClose={wizard.dismissLoadedNotice} sx={{ mb: 2 }} role="status">
          Draft loaded! Continuing from step {wizard.loadedNotice}.
        </Alert>
      ) : null}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        {/* An ordered list (MUI's Stepper is an `ol` of `li`s); the current step has aria-current="step". A completed
            step is a button (not MUI's StepButton, which would make the stepper a tablist without panels). */}
        <Stepper activeStep={steps.indexOf(currentStep)} alternativeLabel nonLinear>
          {steps.map((step) => (
            <Step
              key={step}
              completed={step < currentStep}
              aria-current={step === currentStep ? 'step' : undefined}
            >
              {step < currentStep ? (
                <ButtonBase
                  onClick={() => wizard.goTo(step)}
                  disabled={busy}
                  aria-label={`Go back to step ${step}, ${STEP_LABELS[step - 1]}`}
                  sx={{ width: '100%', borderRadius: 1, py: 0.5 }}
                >
                  <StepLabel icon={step}>{STEP_LABELS[step - 1]}</StepLabel>
                </ButtonBase>
              ) : (
                // The real step number, also when a resumed draft hides the steps before it ("3 Parties", not "1 Parties").
                <StepLabel icon={step}>{STEP_LABELS[step - 1]}</StepLabel>
              )}
            </Step>
          ))}
        </Stepper>
      </Paper>

      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 } }}
        component="section"
        aria-labelledby="wizard-step-heading"
      >
        <Typography
          id="wizard-step-heading"
          ref={headingRef}
          tabIndex={-1}
          variant="h6"
          component="h3"
          sx={{ outline: 'none' }}
        >
          Step {currentStep}: {STEP_TITLES[currentStep - 1]}
        </Typography>
        {currentStep === 3 ? (
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
            {STEP3_NOTE}
          </Typography>
        ) : null}

        {wizard.errors.length ? (
          <Alert ref={errorSummary} tabIndex={-1} severity="error" sx={{ mt: 2 }} role="alert">
            {wizard.errors.length === 1 ? (
              wizard.errors[0]
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {wizard.errors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </Box>
            )}
          </Alert>
        ) : null}

        <Box sx={{ mt: 2.5 }}>
          {currentStep === 1 ? <CaseInfoStep wizard={wizard} /> : null}
          {currentStep === 2 ? <UploadStep wizard={wizard} /> : null}
          {currentStep === 3 ? <CitationStep wizard={wizard} /> : null}
          {currentStep === 4 ? <ServiceStep wizard={wizard} /> : null}
          {currentStep === 5 ? <ReviewStep wizard={wizard} fullName={user?.full_name} /> : null}
        </Box>
      </Paper>

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
    </Box>
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
    <Paper
      variant="outlined"
      sx={{
        mt: 2,
        p: 2,
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr auto 1fr' },
        position: { xs: 'static', sm: 'sticky' },
        bottom: 0,
        zIndex: 2,
      }}
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onPrevious} disabled={busy || step <= minStep}>
          Previous
        </Button>
        {minStep > 1 ? (
          <Button onClick={onEditCaseInfo} disabled={busy}>
            ← Edit Case Info
          </Button>
        ) : null}
      </Stack>
      <Box sx={{ justifySelf: { md: 'center' } }}>
        <Button
          variant="outlined"
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveOutlinedIcon />}
          onClick={onSave}
          disabled={!complete || busy}
          fullWidth
        >
          {saveButtonLabel(step, complete, saving)}
        </Button>
      </Box>
      <Box sx={{ justifySelf: { md: 'end' } }}>
        {step < 5 ? (
          <Button
            variant="contained"
            endIcon={<ArrowForwardIcon />}
            onClick={onNext}
            disabled={busy}
            fullWidth
          >
            Next
          </Button>
        ) : (
          <Button
            variant="contained"
            color="secondary"
            endIcon={busy && !saving ? <CircularProgress size={16} color="inherit" /> : <SendOutlinedIcon />}
            onClick={onSubmit}
            disabled={!complete || busy}
            fullWidth
          >
            {submitLabel}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
