import { isPartyEmpty, validatePartyStep } from '../../utils/party-rules';
import { validateCaseInfo, validateLegalRep, validateSignature, validateUploadStep, type Step } from '../../utils/wizard-rules';
import type { WizardForm } from './use-wizard-form';

type StepInput = Pick<WizardForm, 'caseInfo' | 'partyData' | 'legalRep' | 'signature'> & { hasFiles: boolean; fullName: string | null | undefined };

/** The messages that keep a step from being left (spec 2.2); none when it is complete. */
export const validateStep = (step: Step, input: StepInput): string[] => {
  switch (step) {
    case 1:
      return validateCaseInfo(input.caseInfo);
    case 2:
      return validateUploadStep(input.hasFiles);
    case 3:
      // PRODUCT-DECISIONS: parties are optional while drafting; once a party is entered its rules apply.
      return isPartyEmpty(input.partyData) ? [] : validatePartyStep(input.partyData);
    case 4:
      return validateLegalRep(input.legalRep);
    case 5:
      return validateSignature(input.fullName, input.signature);
  }
};
