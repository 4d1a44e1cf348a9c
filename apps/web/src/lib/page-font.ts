import {
  FONT_SUBSET_MAX_CHARS,
  STORAGE_KEYS,
  collectPageFontCodePoints,
  decodeFontSubset,
  encodeFontSubset,
  fontSubsetPath,
  unicodeRangeOf,
} from '@kouyu/core';
import { API_BASE } from './api-base';
import { storage } from './storage';

/** The family the stacks in `styles.css` name after the device's own Chinese fonts. */
export const PAGE_FONT_FAMILY = 'Kouyu Page SC';

/** New characters are gathered this long before they are asked for (a list rendered in steps). */
const GATHER_MS = 50;
/** A font that failed to load (offline, a busy server) is asked for again after this, doubling each time. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;
/** Characters the remembered sets may hold in all (their names take about 3 bytes a character). */
const MEMORY_MAX_CHARS = 8_000;
/** Online, a remembered set is used for at least this many of a batch's new characters. */
const MEMORY_MIN_SHARED = 5;

/** What the page font needs of the browser (the real ones by default; tests pass their own). */
export interface PageFontHost {
  doc: Document;
  FontFace: typeof FontFace;
}

/**
 * The sets this device loaded before, by name, most recent last. A page's characters are taken from
 * them first: those fonts are in the browser's cache (and the service worker's, offline), whereas a new
 * set, cut from whatever the page showed at that moment, would have a name never fetched before.
 */
function rememberedSets(): { name: string; codePoints: number[] }[] {
  let names: unknown;
  try {
    names = JSON.parse(storage.get(STORAGE_KEYS.pageFonts) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(names)) return [];
  return names.flatMap((name: unknown) => {
    if (typeof name !== 'string') return [];
    const codePoints = decodeFontSubset(name);
    return codePoints ? [{ name, codePoints }] : [];
  });
}

function storeSets(names: string[]): void {
  let chars = 0;
  const kept: string[] = [];
  for (const name of [...names].reverse()) {
    chars += name.split('.').length;
    if (chars > MEMORY_MAX_CHARS) break;
    kept.unshift(name);
  }
  storage.set(STORAGE_KEYS.pageFonts, JSON.stringify(kept));
}

/**
 * The page font (decision 020), for a device with no Chinese font of its own: watches the
 * characters the page shows (its text, and what is typed or shown in fields) and adds a font face for
 * each new batch, cut by the site to exactly those characters, or one of the sets loaded before that
 * holds some of them. The faces name their characters in `unicode-range`, so the browser fetches one
 * only when it draws one of them, and a character is never asked for twice. Returns a function that
 * stops watching.
 */
export function startPageFont(host: PageFontHost = { doc: document, FontFace }): () => void {
  const { doc } = host;
  const asked = new Set<number>();
  let waiting = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const ours = new Map<FontFace, { name: string; codePoints: number[] }>();
  let retryMs = RETRY_FIRST_MS;

  const addFace = (codePoints: number[], name = encodeFontSubset(codePoints)) => {
    for (const cp of codePoints) asked.add(cp);
    const face = new host.FontFace(
      PAGE_FONT_FAMILY,
      `url(${API_BASE}${fontSubsetPath(codePoints)}) format('woff2')`,
      {
        unicodeRange: unicodeRangeOf(codePoints),
        display: 'swap',
      },
    );
    ours.set(face, { name, codePoints });
    doc.fonts.add(face);
  };

  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const fresh = new Set([...waiting].filter((cp) => !asked.has(cp)));
    waiting = new Set();
    // Remembered sets first, the one holding most of the new characters each time. Online, a set is
    // taken for a few characters at least (it may have left the cache, and would then be fetched whole);
    // offline, for any: nothing new can be fetched.
    const sets = rememberedSets();
    const least = navigator.onLine ? MEMORY_MIN_SHARED : 1;
    for (;;) {
      let best: { name: string; codePoints: number[] } | undefined;
      let bestShared = 0;
      for (const set of sets) {
        const shared = set.codePoints.filter((cp) => fresh.has(cp)).length;
        if (shared > bestShared) [best, bestShared] = [set, shared];
      }
      if (!best || bestShared < Math.min(least, fresh.size)) break;
      addFace(best.codePoints, best.name);
      for (const cp of best.codePoints) fresh.delete(cp);
    }
    const rest = [...fresh].sort((a, b) => a - b);
    for (let i = 0; i < rest.length; i += FONT_SUBSET_MAX_CHARS)
      addFace(rest.slice(i, i + FONT_SUBSET_MAX_CHARS));
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

  // A loaded set is remembered (most recent last) for the next pages.
  const onLoaded = (event: Event) => {
    const loaded = (event as FontFaceSetLoadEvent).fontfaces.flatMap((face) => ours.get(face)?.name ?? []);
    if (loaded.length === 0) return;
    storeSets([...rememberedSets().flatMap((r) => (loaded.includes(r.name) ? [] : [r.name])), ...loaded]);
  };
  // A face the browser could not load is forgotten (and so is a remembered set no cache holds any
  // more), so its characters are asked for again later.
  const onError = (event: Event) => {
    for (const face of (event as FontFaceSetLoadEvent).fontfaces) {
      const set = ours.get(face);
      if (!set) continue;
      ours.delete(face);
      doc.fonts.delete(face);
      for (const cp of set.codePoints) asked.delete(cp);
      storeSets(rememberedSets().flatMap((r) => (r.name === set.name ? [] : [r.name])));
      setTimeout(() => {
        for (const cp of set.codePoints) waiting.add(cp);
        flush();
      }, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  };
  doc.fonts.addEventListener('loadingdone', onLoaded);
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
    doc.fonts.removeEventListener('loadingdone', onLoaded);
    doc.fonts.removeEventListener('loadingerror', onError);
    if (timer !== null) clearTimeout(timer);
  };
}
