// The documents module's face to the service and evidence modules, beside documents.service.ts and files.service.ts:
// a document's row and its files as stored, the policy's questions, the domain event payload, the delivery record,
// and the late time-stamp record of a sealed PDF.
export {
  branchesByIds,
  findActiveSheriff,
  findDocumentById,
  findDocumentInScope,
  firmsByIds,
  updateDocumentRow,
  usersByIds,
  type DocumentRow,
} from './documents.repository';
export {
  caseFileKeysAmong,
  findCaseFile,
  listCaseFiles,
  markFilesServed,
  setPageCount,
  type CaseFileRow,
} from './files.repository';
export { eventPayload, toDeliveryRecord } from './documents.mapper';
export { isClosed, isWithSheriff } from './documents.policy';
export { recordMissingTimestamp } from './late-timestamps';
