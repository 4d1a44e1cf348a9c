import { lazy } from 'react';
import type { ComponentType } from 'react';
import { loadAllTexts } from './i18n';
import { loadQueryClient } from './query';

/**
 * A part of the app whose code is fetched the first time it renders (a page, a modal, today's plan),
 * together with what the home page's first load leaves out and every part may need: all texts of the
 * language and the query client (decision 017).
 */
export function lazyPart<K extends string, P>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(async () => ({
    default: (await Promise.all([load(), loadAllTexts(), loadQueryClient()]))[0][name],
  }));
}
