import type { ModuleDef } from '../../lib/module';
import { seedAnchorJob, trailSetup } from './trail.service';

/**
 * The timeline of every document, hash-chained into a tamper-evident trail (docs/evidence.md): every module writes
 * its events through trail.service.ts; the daily anchors' job and the backfill of unhashed events start here.
 */
export const trailModule: ModuleDef = {
  name: 'trail',
  setup: trailSetup,
  /** Today's trail anchor job. */
  seed: seedAnchorJob,
};
