import type { Notification } from '@lexserve/contracts/notifications';
import { useCallback, useMemo, useState } from 'react';

/** The centre's checkboxes: which notifications are selected, and 'Select All' over the visible ones. */
export function useNotificationSelection(items: readonly Notification[], visible: readonly Notification[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const loadedIds = useMemo(() => new Set(items.map((n) => n.notification_id)), [items]);
  // Only ids still in the loaded list count as selected (an item may leave the list).
  const selectedIds = useMemo(() => [...selected].filter((id) => loadedIds.has(id)), [selected, loadedIds]);
  const allVisibleSelected = visible.length > 0 && visible.every((n) => selected.has(n.notification_id));
  const someVisibleSelected = visible.some((n) => selected.has(n.notification_id));

  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const toggleAll = () =>
    setSelected(allVisibleSelected ? new Set() : new Set(visible.map((n) => n.notification_id)));
  const clear = () => setSelected(new Set());

  return { selected, selectedIds, allVisibleSelected, someVisibleSelected, toggle, toggleAll, clear };
}

export type NotificationSelection = ReturnType<typeof useNotificationSelection>;
