import type { Document } from '@lexserve/contracts/documents';
import { AttemptsCard } from './attempts-card';
import { ReturnsCard } from './returns-card';

type SheriffServiceCardsProps = {
  document: Document;
  /** The returns card is shown (served by the sheriff, or a sheriff is assigned). */
  showReturns: boolean;
  /** The signed-in user is the assigned sheriff: they issue the return and record attempts. */
  isAssignedSheriff: boolean;
  /** The signed-in user (a sheriff adds photos to the attempts they recorded). */
  currentUserId: number | null;
};

/** The sheriff's returns and service attempts, on the case page's Service tab (composed there by app/). */
export function SheriffServiceCards({
  document,
  showReturns,
  isAssignedSheriff,
  currentUserId,
}: SheriffServiceCardsProps) {
  return (
    <>
      {showReturns ? <ReturnsCard document={document} isAssignedSheriff={isAssignedSheriff} /> : null}
      <AttemptsCard document={document} canRecord={isAssignedSheriff} currentUserId={currentUserId} />
    </>
  );
}
