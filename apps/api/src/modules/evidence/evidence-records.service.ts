// The evidence module's face to the service module, beside proof-of-service.service.ts and served-copies.service.ts:
// the record of service as the proofs read it, the stored proofs and served copies, and the notices' SAST dates.
export {
  listAttempts,
  photosOfAttempts,
  type AttemptWithSheriff,
  type PhotoRow,
} from './service-record.repository';
export { findProofByDocument } from './proof-of-service.repository';
export { servedCopiesOf } from './served-copies.repository';
export { sast } from './pdf-kit';
