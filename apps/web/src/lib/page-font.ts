import {
  FONT_SUBSET_MAX_CHARS,
  collectPageFontCodePoints,
  fontSubsetPath,
  unicodeRangeOf,
} from '@kouyu/core';
import { API_BASE } from './api-base';

/** The family the stacks in `styles.css` name after the device's own Chinese fonts. */
export const PAGE_FONT_FAMILY = 'Kouyu Page SC';

/** New characters are gathered this long before they are asked for (a list rendered in steps). */
const GATHER_MS = 50;
/** A font that failed to load (offline, a busy server) is asked for again after this, doubling each time. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** What the page font needs of the browser (the real ones by default; tests pass their own). */
export interface PageFontHost {
  doc: Document;
  FontFace: typeof FontFace;
}

/**
 * The page font (issue 16, decision 020), for a device with no Chinese font of its own: watches the
 * characters the page shows (its text, and what is typed or shown in fields) and adds a font face for
 * each new batch, cut by the site to exactly those characters. The faces name their characters in
 * `unicode-range`, so the browser fetches one only when it draws one of them, and a character is never
 * asked for twice. Returns a function that stops watching.
 */
export function startPageFont(host: PageFontHost = { doc: document, FontFace }): () => void {
  const { doc } = host;
  const asked = new Set<number>();
  let waiting = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const ours = new Map<FontFace, number[]>();
  let retryMs = RETRY_FIRST_MS;

  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const fresh = [...waiting].filter((cp) => !asked.has(cp)).sort((a, b) => a - b);
    waiting = new Set();
    for (let i = 0; i < fresh.length; i += FONT_SUBSET_MAX_CHARS) {
      const part = fresh.slice(i, i + FONT_SUBSET_MAX_CHARS);
      for (const cp of part) asked.add(cp);
      const face = new host.FontFace(
        PAGE_FONT_FAMILY,
        `url(${API_BASE}${fontSubsetPath(part)}) format('woff2')`,
        {
          unicodeRange: unicodeRangeOf(part),
          display: 'swap',
        },
      );
      ours.set(face, part);
      doc.fonts.add(face);
    }
  };
  const gather = (text: string | null | undefined) => {
    if (!text) return;
    const before = waiting.size;
    collectPageFontCodePoints(text, waiting);
    if (waiting.size > before && timer === null) timer = setTimeout(flush, GATHER_MS);
  };
  const gatherNode = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) return gather((node as Text).data);
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const el = node as Element;
    gather(el.textContent);
    const fields = el.matches('input, textarea') ? [el] : el.querySelectorAll('input, textarea');
    for (const field of fields) {
      gather((field as HTMLInputElement).value);
      gather(field.getAttribute('placeholder'));
    }
  };

  // A face the browser could not load is forgotten, so its characters are asked for again later.
  const onError = (event: Event) => {
    for (const face of (event as FontFaceSetLoadEvent).fontfaces) {
      const part = ours.get(face);
      if (!part) continue;
      ours.delete(face);
      doc.fonts.delete(face);
      for (const cp of part) asked.delete(cp);
      setTimeout(() => {
        for (const cp of part) waiting.add(cp);
        flush();
      }, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  };
  doc.fonts.addEventListener('loadingerror', onError);

  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList') r.addedNodes.forEach(gatherNode);
      else if (r.type === 'characterData') gather((r.target as Text).data);
      else if (r.attributeName) gather((r.target as Element).getAttribute(r.attributeName));
    }
  });
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['placeholder', 'value'],
  });
  // What is typed (a field's value is not in the page's text).
  const onInput = (event: Event) => gather((event.target as HTMLInputElement | null)?.value);
  doc.addEventListener('input', onInput, true);

  // The first-paint markup is already there: its characters go at once.
  gatherNode(doc.body);
  flush();

  return () => {
    observer.disconnect();
    doc.removeEventListener('input', onInput, true);
    doc.fonts.removeEventListener('loadingerror', onError);
    if (timer !== null) clearTimeout(timer);
  };
}
