import { useEffect, useRef } from 'react';

/** Longer than MUI's own scroll animation of the strip (300 ms). */
const SETTLE_MS = 400;

/**
 * Keeps the selected tab of a scrolling tab strip in view (on a phone the strip is wider than the screen): after
 * each change of `value`, once the page has laid out and whenever the strip changes size, the selected tab is scrolled
 * into the strip's view. Put the returned ref on the Tabs.
 *
 * The first reveal waits for the strip's first size report (a ResizeObserver reports after the browser's own layout):
 * scrolling a tab into view before that forced a layout of the whole page, which on a page's first view (the
 * dashboard's) came in the middle of drawing it.
 */
export function useActiveTabVisible<T extends HTMLElement = HTMLDivElement>(value: unknown) {
  const ref = useRef<T>(null);
  const mounted = useRef(false);
  useEffect(() => {
    const scroller = ref.current?.querySelector<HTMLElement>('.MuiTabs-scroller') ?? ref.current;
    const reveal = () => {
      const selected = ref.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      // 'nearest' on the block axis: the page itself does not move, only the strip.
      selected?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    };
    // A later change of tab (the page already laid out): at once, and at the next frame.
    const frame = mounted.current ? window.requestAnimationFrame(reveal) : 0;
    if (mounted.current) reveal();
    mounted.current = true;
    // The strip narrows once MUI's scroll buttons appear (after the first layout), while MUI animates the strip (300 ms)
    // to where the tab was before: reveal again when that has settled, and after each later resize of the strip.
    let settle = 0;
    let first = true;
    const observer =
      typeof ResizeObserver === 'undefined' || !scroller
        ? null
        : new ResizeObserver(() => {
            if (first) reveal();
            first = false;
            window.clearTimeout(settle);
            settle = window.setTimeout(reveal, SETTLE_MS);
          });
    if (observer && scroller) observer.observe(scroller);
    else settle = window.setTimeout(reveal, SETTLE_MS);
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(settle);
      observer?.disconnect();
    };
  }, [value]);
  return ref;
}
