import { Suspense, useState, type ReactNode } from 'react';

/**
 * Draws `children` (an overlay whose code is a chunk of its own, `React.lazy`) from the first time `open` is true, and
 * keeps it drawn after, so that it closes as before: nothing of it is loaded or drawn on a page that never shows it.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
