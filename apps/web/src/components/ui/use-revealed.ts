import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `items` a long list renders: `first` (more than a first screen) with the list, then `step`
 * more in each following task, as a transition, so a page of 50 words is many short tasks instead of one
 * long one (the phone stays responsive while they arrive; Lighthouse's TBT). A new list starts again.
 */
export function useRevealed<T>(items: readonly T[], first: number, step = first): number {
  const [state, setState] = useState({ items, shown: first });
  if (state.items !== items) setState({ items, shown: first });
  const shown = state.items === items ? state.shown : first;
  useEffect(() => {
    if (shown >= items.length) return;
    const timer = setTimeout(() =>
      startTransition(() => setState((s) => (s.items === items ? { items, shown: s.shown + step } : s))),
    );
    return () => clearTimeout(timer);
  }, [items, shown, step]);
  return Math.min(shown, items.length);
}
