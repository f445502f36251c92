import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders its children (typically a lazily loaded dialog) from the first time `when` is true on, so
 * the dialog's code downloads when it is first opened, and later closes still animate.
 */
export function Deferred({ when, children }: { when: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(when);
  if (when && !used) setUsed(true);
  return used ? <Suspense fallback={null}>{children}</Suspense> : null;
}
