import { useEffect } from 'react';

/**
 * While `active`, a click on a link of this site that would leave the page is held, and `onLeave` gets
 * where it was going (path, query and hash). The app runs on a plain BrowserRouter, which has no
 * navigation blocker, so the guard listens for link clicks before the router's own handler does.
 * Links inside a dialog (the very modal this opens) are let through.
 */
export function useLeaveGuard(active: boolean, onLeave: (to: string) => void): void {
  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.closest('[role="dialog"]')) return;
      if (link.target && link.target !== '_self') return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}${url.hash}`;
      if (to === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
      event.preventDefault();
      event.stopPropagation();
      onLeave(to);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [active, onLeave]);
}
