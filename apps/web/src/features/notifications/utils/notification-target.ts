import { isClosureNotificationTitle } from '@lexserve/contracts/closures';
import type { Notification } from '@lexserve/contracts/notifications';
import { paths } from '../../../config/paths';

/** The case page's tab a notification is about, by its title (the API's words). */
const TAB_BY_TITLE: Record<string, string> = {
  'Service attempt recorded': 'service',
  'Return of service issued': 'service',
  'Return of non-service issued': 'service',
  'Document to serve': 'service',
  'Document assigned to you': 'service',
  'Document served': 'proof-of-service',
  'Document revoked': 'details',
  'New matter created': 'details',
};

/**
 * Where a notification leads: the case it is about, on the tab that shows what happened (the service record, the proof,
 * the closure); null for a notification about no case (a subscription, a welcome).
 */
export const notificationTarget = (n: Pick<Notification, 'document_id' | 'title'>): string | null => {
  if (!n.document_id) return null;
  const tab = isClosureNotificationTitle(n.title) ? 'closure' : TAB_BY_TITLE[n.title];
  const page = paths.app.activeCase(n.document_id);
  return tab ? `${page}?tab=${tab}` : page;
};
