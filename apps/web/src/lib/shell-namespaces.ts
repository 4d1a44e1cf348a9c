/**
 * The text files the shell ships with (English) or fetches with the first paint (other languages).
 * Read by `lib/i18n.ts` and by the build (`vite.config.ts`), which keeps them out of the page texts' chunk.
 */
export const SHELL_NAMESPACES = ['common', 'content', 'feedback'] as const;
