import { useCallback, useEffect, useRef, useState } from 'react';
import { emptyParty, isPartyValidForSave, type PartyData } from '../../utils/party-rules';
import { emptyCaseInfo, emptyLegalRep, type CaseInfo, type LegalRepData, type ResumeRecord } from '../../utils/wizard-rules';
import type { WizardUser } from './types';

/** What the wizard's steps collect: case information, the party, the legal representative and the signature. */
export function useWizardForm(user: WizardUser) {
  const [caseInfo, setCaseInfo] = useState<CaseInfo>(() => emptyCaseInfo(user));
  const [partyData, setPartyData] = useState<PartyData>(() => emptyParty());
  const [legalRep, setLegalRep] = useState<LegalRepData>(() => emptyLegalRep());
  const [signature, setSignature] = useState('');
  /** The draft already holds a file (known from its record before the file list is loaded). */
  const [hasExistingFile, setHasExistingFile] = useState(false);
  /** Parties linked to the draft on the server. */
  const [linkedParties, setLinkedParties] = useState(0);
  /** The party as last saved with the draft, so an unchanged party is not saved again. */
  const savedPartyKey = useRef<string | null>(null);

  // The attorney fields are prefilled from the signed-in user once it is known.
  useEffect(() => {
    if (!user) return;
    setCaseInfo((info) => ({
      ...info,
      attorneyName: info.attorneyName || (user.full_name ?? ''),
      attorneyEmail: info.attorneyEmail || (user.email ?? ''),
    }));
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
      savedPartyKey.current = isPartyValidForSave(record.partyData) ? JSON.stringify(record.partyData) : null;
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
    linkedParties,
    setLinkedParties,
    savedPartyKey,
    load,
  };
}

export type WizardForm = ReturnType<typeof useWizardForm>;
