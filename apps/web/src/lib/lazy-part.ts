import { lazy } from 'react';
import type { ComponentType } from 'react';
import { loadAllTexts } from './i18n';
import { loadQueryClient } from './query';

/** Gives the browser a turn (input, paint) between two pieces of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A part of the app whose code is fetched the first time it renders (a page, a modal, today's plan),
 * together with what the home page's first load leaves out and every part may need: all texts of the
 * language and the query client (decision 017).
 *
 * The part's module graph is run after the texts and the client, one task later: the browser runs a
 * graph whole, in one task, so run together the three made one long task on a phone (a part builds its
 * schemas as it is run). On a first page load the part's files are already on their way (the page's
 * preloads), so waiting for the texts first costs no round trip.
 */
export function lazyPart<K extends string, P>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(async () => {
    await Promise.all([loadAllTexts(), loadQueryClient()]);
    await nextTask();
    return { default: (await load())[name] };
  });
}
