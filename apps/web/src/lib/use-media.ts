import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX, isMobileLayout } from '@kouyu/core';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

function subscribe(onChange: () => void) {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

/** Mobile layout: 768 px or narrower, or a mobile user agent. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isMobileLayout(window.matchMedia(query).matches ? 0 : window.innerWidth, navigator.userAgent),
    () => false,
  );
}
