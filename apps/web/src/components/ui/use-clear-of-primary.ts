import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * Marks a page's primary actions (Start, Record, Next, a form's submit): a floating control never
 * covers them. `Button` sets it on its primary variant; spread it on any other such element.
 */
export const PRIMARY_ACTION = { 'data-primary-action': '' } as const;

/** Room kept around a primary action, in CSS pixels, so a thumb on its edge does not hit the float. */
const MARGIN = 8;

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return (
    a.left < b.right + MARGIN &&
    b.left - MARGIN < a.right &&
    a.top < b.bottom + MARGIN &&
    b.top - MARGIN < a.bottom
  );
}

/**
 * True while the floating element in `ref` would sit over a primary action: the caller then hides it
 * until the page scrolls the action clear. Checked once a frame at most, after a scroll, a resize or
 * any change of the page, so a list that renders under the float, or a step that swaps its buttons,
 * is seen too.
 */
export function useClearOfPrimary(ref: RefObject<HTMLElement | null>): boolean {
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    const float = ref.current;
    if (!float) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      // Hiding uses visibility, which keeps the box: the float's place is measured either way.
      const place = float.getBoundingClientRect();
      let hit = false;
      for (const action of document.querySelectorAll('[data-primary-action]')) {
        const box = action.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && overlaps(place, box)) {
          hit = true;
          break;
        }
      }
      setCovering(hit);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(check);
    };
    schedule();
    // Capture: a scrolling panel's own scroll does not bubble to the window.
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      changes.disconnect();
    };
  }, [ref]);
  return covering;
}
