import type { DocumentServing } from '../../lib/deps';
import { generateProofAfterSubmit, scheduleProofJob } from '../evidence/proof-of-service.service';
import { startDelivery } from './delivery.service';
import { targetsAssigned, targetsHandedToSheriff, targetsServedElectronically } from './targets.service';

/**
 * Deps.serving: what follows when documents.service serves a document electronically (its submit), hands it to the
 * sheriff, or assigns its sheriff: the delivery, the proof's job, and the people to be served (service targets).
 */
export const documentServing: DocumentServing = {
  async served(ctx, tx, doc, at) {
    await targetsServedElectronically(tx, doc, at);
    await startDelivery(ctx, tx, doc);
    // Committed with the service itself: whatever happens after the commit, the proof of service follows.
    await scheduleProofJob(tx, doc.id, ctx.actor.id, at);
  },
  committed: generateProofAfterSubmit,
  handedToSheriff: targetsHandedToSheriff,
  sheriffAssigned: targetsAssigned,
};
