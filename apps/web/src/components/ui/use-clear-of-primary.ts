import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * Marks a page's primary actions (Start, Record, Next, a form's submit): a floating control never
 * covers them. `Button` sets it on its primary variant; spread it on any other such element.
 */
export const PRIMARY_ACTION = { 'data-primary-action': '' } as const;

/** Room kept around a primary action, in CSS pixels, so a thumb on its edge does not hit the float. */
const MARGIN = 8;

/** The viewport shrunk to the float's box (plus the margin), as an IntersectionObserver root margin. */
function marginAround(float: HTMLElement): string {
  const box = float.getBoundingClientRect();
  const { clientWidth: width, clientHeight: height } = document.documentElement;
  const sides = [
    box.top - MARGIN,
    width - box.right - MARGIN,
    height - box.bottom - MARGIN,
    box.left - MARGIN,
  ];
  return sides.map((side) => `${-Math.max(0, Math.round(side))}px`).join(' ');
}

/**
 * True while the floating element in `ref` would sit over a primary action: the caller then hides it
 * until the page scrolls the action clear. The browser reports it (an IntersectionObserver whose root
 * is shrunk to the float's box), so nothing is measured on the page's own frames; the primary actions
 * are looked up again at most once a frame after the page changes, so a list that renders under the
 * float, or a step that swaps its buttons, is seen too. `placement` names where the float is: when it
 * changes (phone and desktop places differ), its box is measured again, as on a resize.
 */
export function useClearOfPrimary(ref: RefObject<HTMLElement | null>, placement: string): boolean {
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    const float = ref.current;
    if (!float || typeof IntersectionObserver === 'undefined') return;
    const watched = new Set<Element>();
    const under = new Set<Element>();
    const report = (entries: IntersectionObserverEntry[]) => {
      for (const entry of entries) {
        if (entry.isIntersecting) under.add(entry.target);
        else under.delete(entry.target);
      }
      setCovering(under.size > 0);
    };
    let watch: IntersectionObserver | null = null;
    const place = () => {
      watch?.disconnect();
      under.clear();
      // The new observer reports every watched action at once: until then the last answer stands,
      // so a resize (a phone's address bar coming and going) does not flash the float over one.
      watch = new IntersectionObserver(report, { rootMargin: marginAround(float) });
      for (const action of watched) watch.observe(action);
    };
    let frame = 0;
    const lookUp = () => {
      frame = 0;
      for (const action of watched) {
        if (action.isConnected) continue;
        watched.delete(action);
        under.delete(action);
        watch?.unobserve(action);
      }
      for (const action of document.querySelectorAll('[data-primary-action]')) {
        if (watched.has(action)) continue;
        watched.add(action);
        watch?.observe(action);
      }
      setCovering(under.size > 0);
    };
    const changes = new MutationObserver(() => {
      frame ||= requestAnimationFrame(lookUp);
    });
    let resized = 0;
    const onResize = () => {
      resized ||= requestAnimationFrame(() => {
        resized = 0;
        place();
      });
    };
    // Measured in a frame, where the page's layout is due anyway, not in the commit that mounts it.
    resized = requestAnimationFrame(() => {
      resized = 0;
      place();
      lookUp();
    });
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', onResize);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      if (resized) cancelAnimationFrame(resized);
      window.removeEventListener('resize', onResize);
      changes.disconnect();
      watch?.disconnect();
    };
  }, [ref, placement]);
  return covering;
}
