import { useCallback, useEffect, useState } from 'react';
import type { CitationParty } from '../../utils/citation';
import { emptyParty, type PartyData } from '../../utils/party-rules';
import {
  emptyCaseInfo,
  emptyLegalRep,
  type CaseInfo,
  type LegalRepData,
  type ResumeRecord,
} from '../../utils/wizard-rules';
import type { WizardUser } from './types';

/**
 * What the wizard's steps collect: case information, the citation and the party being entered, the legal
 * representative and the signature.
 */
export function useWizardForm(user: WizardUser) {
  const [caseInfo, setCaseInfo] = useState<CaseInfo>(() => emptyCaseInfo(user));
  const [partyData, setPartyData] = useState<PartyData>(() => emptyParty());
  const [legalRep, setLegalRep] = useState<LegalRepData>(() => emptyLegalRep());
  const [signature, setSignature] = useState('');
  /** The draft already holds a file (known from its record before the file list is loaded). */
  const [hasExistingFile, setHasExistingFile] = useState(false);
  /** The citation: parties with their roles (step 3); linked ones carry their party id. */
  const [citation, setCitation] = useState<CitationParty[]>([]);

  // The attorney fields are prefilled from the signed-in user once it is known. Already filled (the user was known at
  // the first draw), the state stays the same object: no second drawing of the whole wizard.
  useEffect(() => {
    if (!user) return;
    setCaseInfo((info) => {
      const attorneyName = info.attorneyName || (user.full_name ?? '');
      const attorneyEmail = info.attorneyEmail || (user.email ?? '');
      return attorneyName === info.attorneyName && attorneyEmail === info.attorneyEmail
        ? info
        : { ...info, attorneyName, attorneyEmail };
    });
  }, [user]);

  /** Fills every step from a saved draft; the attorney falls back to the signed-in user. */
  const load = useCallback(
    (record: ResumeRecord) => {
      setCaseInfo({
        ...record.caseInfo,
        attorneyName: record.caseInfo.attorneyName || (user?.full_name ?? ''),
        attorneyEmail: record.caseInfo.attorneyEmail || (user?.email ?? ''),
      });
      setPartyData(record.partyData);
      setLegalRep(record.legalRepData);
      setSignature(record.signature);
      setHasExistingFile(record.hasExistingFile);
    },
    [user],
  );

  return {
    caseInfo,
    setCaseInfo,
    partyData,
    setPartyData,
    legalRep,
    setLegalRep,
    signature,
    setSignature,
    hasExistingFile,
    setHasExistingFile,
    citation,
    setCitation,
    load,
  };
}

export type WizardForm = ReturnType<typeof useWizardForm>;
