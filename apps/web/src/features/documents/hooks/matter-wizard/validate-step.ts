import { PARTY_ALREADY_CITED, citationProblems, citationRoles, isCited } from '../../utils/citation';
import { isPartyEmpty, validatePartyStep } from '../../utils/party-rules';
import {
  validateCaseInfo,
  validateLegalRep,
  validateSignature,
  validateUploadStep,
  type Step,
} from '../../utils/wizard-rules';
import type { WizardForm } from './use-wizard-form';

type StepInput = Pick<WizardForm, 'caseInfo' | 'partyData' | 'citation' | 'legalRep' | 'signature'> & {
  hasFiles: boolean;
  fullName: string | null | undefined;
};

/** The messages that keep a step from being left (spec 2.2); none when it is complete. */
export const validateStep = (step: Step, input: StepInput): string[] => {
  switch (step) {
    case 1:
      return validateCaseInfo(input.caseInfo);
    case 2:
      return validateUploadStep(input.hasFiles);
    case 3: {
      // A party being entered must be complete; then the citation needs a party on each side (PRODUCT-DECISIONS).
      const { citation, partyData } = input;
      if (!isPartyEmpty(partyData)) {
        const problems = validatePartyStep(partyData);
        if (problems.length) return problems;
        if (isCited(citation, partyData)) return [PARTY_ALREADY_CITED];
      }
      return citationProblems(citationRoles(citation, partyData));
    }
    case 4:
      return validateLegalRep(input.legalRep, input.caseInfo);
    case 5:
      return validateSignature(input.fullName, input.signature);
  }
};
