import { sharedKeys } from '../query-keys';

/**
 * Every cached read about documents sits below ['documents']; any write on document paths invalidates it (spec 2 §7).
 * The sheriffs, firms and branches the case screens pick from sit below their own roots.
 */
export const documentKeys = {
  all: sharedKeys.documents,
  list: (scope: string) => [...sharedKeys.documents, 'list', scope] as const,
  detail: (id: number) => [...sharedKeys.documents, 'detail', id] as const,
  files: (id: number) => [...sharedKeys.documents, 'detail', id, 'files'] as const,
  parties: (id: number) => [...sharedKeys.documents, 'detail', id, 'parties'] as const,
  timeline: (id: number, filters: Record<string, unknown>) =>
    [...sharedKeys.documents, 'detail', id, 'timeline', filters] as const,
  /** The trail's check (below the timeline's root, so that anything refreshing the timeline refreshes it). */
  trail: (id: number) => [...sharedKeys.documents, 'detail', id, 'timeline', 'verify'] as const,
  proof: (id: number) => [...sharedKeys.documents, 'detail', id, 'proof'] as const,
  proofVersions: (id: number) => [...sharedKeys.documents, 'detail', id, 'proof', 'versions'] as const,
  attempts: (id: number) => [...sharedKeys.documents, 'detail', id, 'service-attempts'] as const,
  deliveries: (id: number) => [...sharedKeys.documents, 'detail', id, 'deliveries'] as const,
  /** The sheriff's returns of service and non-service, newest first. */
  returns: (id: number) => [...sharedKeys.documents, 'detail', id, 'returns'] as const,
  /**
   * The image of an attempt's photo. Outside ['documents'] on purpose: a photo never changes once stored, so a
   * write on the document (which refreshes every document read) must not download every image again.
   */
  attemptPhoto: (documentId: number, photoId: number) => ['attempt-photos', documentId, photoId] as const,
  /** The active sheriffs serving a magisterial district (all of them for ''). */
  sheriffs: (area: string) => [...sharedKeys.users, 'sheriffs', area.trim().toLowerCase()] as const,
  firmSearch: (search: string) => [...sharedKeys.firms, 'search', search] as const,
  branchesOfFirm: (firmId: number | null) => ['branches', 'of-firm', firmId] as const,
};
