import { useEffect, useRef, useState } from 'react';
import type HanziWriter from 'hanzi-writer';
import type { HanziData } from '@kouyu/core';
import { isMissingHanzi, loadHanziData } from './load-hanzi-data';

export type HanziStatus = 'loading' | 'ready' | 'missing' | 'error';

// Padding inside the square so that strokes touching the edge stay drawable with a finger.
const PADDING = 10;
const FALLBACK_SIZE = 240;

/** The palette's colours as hex (Hanzi Writer animates between colours and reads hex or rgb only). */
function palette() {
  const css = getComputedStyle(document.documentElement);
  const hex = (name: string, fallback: string) => {
    const v = css.getPropertyValue(name).trim();
    return /^#[0-9a-f]{3,6}$/i.test(v) ? v : fallback;
  };
  return {
    strokeColor: hex('--ink', '#1c1917'),
    outlineColor: hex('--line', '#e7e0d6'),
    highlightColor: hex('--brand', '#b91c1c'),
    drawingColor: hex('--brand', '#b91c1c'),
  };
}

/**
 * One Hanzi Writer for `char` mounted in the returned ref's element, sized to that element's width and
 * following it when it resizes. The library itself is fetched here, on first use, so pages that show
 * no character never load it. `attempt` re-runs the load (a retry after an error).
 */
export function useHanziWriter(char: string, attempt = 0) {
  const ref = useRef<HTMLDivElement>(null);
  const [writer, setWriter] = useState<HanziWriter | null>(null);
  const [data, setData] = useState<HanziData | null>(null);
  const [status, setStatus] = useState<HanziStatus>('loading');

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let cancelled = false;
    let created: HanziWriter | null = null;
    let observer: ResizeObserver | null = null;
    setStatus('loading');
    setWriter(null);
    Promise.all([import('hanzi-writer'), loadHanziData(char)]).then(
      ([mod, loadedData]) => {
        if (cancelled) return;
        el.replaceChildren();
        const size = Math.round(el.clientWidth) || FALLBACK_SIZE;
        created = mod.default.create(el, char, {
          width: size,
          height: size,
          padding: PADDING,
          showCharacter: false,
          showOutline: true,
          strokeAnimationSpeed: 1,
          delayBetweenStrokes: 250,
          ...palette(),
          charDataLoader: (c, onLoad, onError) => {
            loadHanziData(c).then(onLoad, onError);
          },
        });
        if (typeof ResizeObserver !== 'undefined') {
          const w = created;
          observer = new ResizeObserver(() => {
            const next = Math.round(el.clientWidth);
            if (next > 0) w.updateDimensions({ width: next, height: next, padding: PADDING });
          });
          observer.observe(el);
        }
        setData(loadedData);
        setWriter(created);
        setStatus('ready');
      },
      (err: unknown) => {
        if (!cancelled) setStatus(isMissingHanzi(err) ? 'missing' : 'error');
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      created?.cancelQuiz();
      void created?.pauseAnimation();
      el.replaceChildren();
    };
  }, [char, attempt]);

  return { ref, writer, data, status };
}
