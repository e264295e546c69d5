import type { ClosureListParams } from './api/closures';

/** Every cached read about closures sits below ['case-closure'] (the pending count included). */
export const closureKeys = {
  all: ['case-closure'] as const,
  pending: ['case-closure', 'pending'] as const,
  list: (params: ClosureListParams) => ['case-closure', 'list', params] as const,
  active: (documentId: number) => ['case-closure', 'document', documentId, 'active'] as const,
  precheck: (documentId: number) => ['case-closure', 'document', documentId, 'precheck'] as const,
  history: (documentId: number) => ['case-closure', 'document', documentId, 'history'] as const,
};
