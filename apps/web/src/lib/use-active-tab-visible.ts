import { useEffect, useRef } from 'react';

/**
 * Keeps the selected tab of a scrolling tab strip in view (on a phone the strip is wider than the screen): after
 * each change of `value`, and once the page has laid out, the selected tab is scrolled into the strip's view. Put the
 * returned ref on the Tabs.
 */
export function useActiveTabVisible<T extends HTMLElement = HTMLDivElement>(value: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const reveal = () => {
      const selected = ref.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      // 'nearest' on the block axis: the page itself does not move, only the strip.
      selected?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    };
    reveal();
    const frame = window.requestAnimationFrame(reveal);
    return () => window.cancelAnimationFrame(frame);
  }, [value]);
  return ref;
}
