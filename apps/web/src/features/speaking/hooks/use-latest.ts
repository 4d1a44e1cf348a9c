import { useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';

/** A ref that always holds the latest value, for async continuations that outlive a render. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
