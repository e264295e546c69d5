import { useEffect, useRef } from 'react';

/** Longer than MUI's own scroll animation of the strip (300 ms). */
const SETTLE_MS = 400;

/**
 * Keeps the selected tab of a scrolling tab strip in view (on a phone the strip is wider than the screen): after
 * each change of `value`, once the page has laid out and whenever the strip changes size, the selected tab is scrolled
 * into the strip's view. Put the returned ref on the Tabs.
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
    // The strip narrows once its scroll buttons appear (after the first layout), while MUI animates the strip (300 ms)
    // to where the tab was before: reveal again when that has settled, and after each later resize of the strip.
    let settle = window.setTimeout(reveal, SETTLE_MS);
    const scroller = ref.current?.querySelector<HTMLElement>('.MuiTabs-scroller') ?? ref.current;
    const observer =
      typeof ResizeObserver === 'undefined' || !scroller
        ? null
        : new ResizeObserver(() => {
            window.clearTimeout(settle);
            settle = window.setTimeout(reveal, SETTLE_MS);
          });
    if (scroller) observer?.observe(scroller);
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(settle);
      observer?.disconnect();
    };
  }, [value]);
  return ref;
}
