import { lazy } from 'react';
import type { ComponentType } from 'react';
import { loadAllTexts } from './i18n';
import { nextTask } from './next-task';
import { loadQueryClient } from './query';

/**
 * True on a page the server sent with its first-paint markup: its head script preloads the page's chunks
 * (decision 017), so they are on their way before the app asks for them.
 */
const pagePreloaded = () => document.querySelector('link[data-entry]') !== null;

/**
 * A part of the app whose code is fetched the first time it renders (a page, a modal, today's plan),
 * together with what the home page's first load leaves out and every part may need: all texts of the
 * language and the query client (decision 017).
 *
 * Where the part's files are preloaded, its module graph is run after the texts and the client, one task
 * later: the browser runs a graph whole, in one task, and run together the three made one long task on
 * a phone (a part builds its schemas as it is run). Elsewhere the three are fetched together, as waiting
 * for the texts first would cost a round trip.
 */
export function lazyPart<K extends string, P>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(async () => {
    if (!pagePreloaded()) {
      return { default: (await Promise.all([load(), loadAllTexts(), loadQueryClient()]))[0][name] };
    }
    await Promise.all([loadAllTexts(), loadQueryClient()]);
    await nextTask();
    return { default: (await load())[name] };
  });
}
