import path from 'node:path';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { SHELL_NAMESPACES } from './src/lib/shell-namespaces';

/**
 * Writes the service worker with the list of shell files to precache (only the shell: the entry
 * script, its CSS, index.html and the logo; page chunks and fonts are cached at run time when used).
 */
function serviceWorker(): Plugin {
  return {
    name: 'kouyu-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      // The entry and the chunks it imports statically (the framework, shared pieces): the shell itself.
      const files = new Set<string>();
      const visit = (name: string) => {
        const f = bundle[name];
        if (files.has(name) || f?.type !== 'chunk') return;
        files.add(name);
        f.imports.forEach(visit);
      };
      Object.values(bundle).forEach((f) => f.type === 'chunk' && f.isEntry && visit(f.fileName));
      const css = Object.values(bundle).filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'));
      const shell = [...files, ...css.map((f) => f.fileName)].map((name) => `/${name}`);
      const version = shell.join('|');
      // The logo and icons are precached with the shell so an offline page still shows them; page chunks
      // under /assets/ and page fonts are cached the first time they are used (`keep` below).
      const source = `const CACHE = 'kouyu-shell-${hash(version)}';
const SHELL = ${JSON.stringify(['/index.html', ...ICONS, ...shell])};
self.addEventListener('install', (e) => { e.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting())); });
self.addEventListener('activate', (e) => { e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k.startsWith('kouyu-') && k !== CACHE && k !== 'kouyu-assets').map((k) => caches.delete(k)))).then(() => self.clients.claim())); });
const keep = (e) => e.respondWith(caches.match(e.request).then((hit) => hit || fetch(e.request).then((res) => {
  if (res.ok) { const copy = res.clone(); caches.open('kouyu-assets').then((c) => c.put(e.request, copy)); }
  return res;
})));
self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== self.location.origin) return;
  // The page font (decision 020): a name always stands for the same bytes, so it is kept like an asset.
  if (url.pathname.startsWith('/api/v1/fonts/')) return keep(e);
  if (url.pathname.startsWith('/api/')) return;
  if (e.request.mode === 'navigate') {
    e.respondWith(fetch(e.request).catch(() => caches.match('/index.html')));
    return;
  }
  if (SHELL.includes(url.pathname)) {
    e.respondWith(caches.match(url.pathname).then((hit) => hit || fetch(e.request)));
    return;
  }
  if (url.pathname.startsWith('/assets/')) keep(e);
});
`;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * Libraries the shell itself runs on (everything else stays with the page that uses it). Not zod nor
 * TanStack Query: the home page paints without them, and they load with the first page that fetches.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/;

/** The chunk of a locale file that pages load (all of a language's together), or null for the rest. */
function pageTextsChunk(id: string): string | null {
  const m = /[\\/]src[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.json(\?raw)?$/.exec(id);
  if (!m) return null;
  const [, lang, ns, raw] = m;
  // The shell's files (bundled for English, fetched with the first paint for the others) stay apart;
  // English's whole shell files, read as text to complete it, come with the page texts.
  const shell = SHELL_NAMESPACES.some((n) => n === ns);
  if (shell && !(lang === 'en' && raw)) return null;
  return `texts-${lang}`;
}

/** Files of public/ that every page shows (logo, install icons, manifest). */
const ICONS = ['/icon.svg', '/icon-192.png', '/manifest.webmanifest'];

function hash(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker()],
  resolve: {
    alias: {
      '@kouyu/core': path.resolve(import.meta.dirname, '../../packages/core/src/index.ts'),
      '@': path.resolve(import.meta.dirname, 'src'),
    },
  },
  server: { proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
  build: {
    // Maps are written for debugging a build locally, but no bundle names them, and the server does
    // not serve them in production.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // Core is pure declarations: a module none of whose exports is used is left out, so the shell's
        // imports from the core index do not pull every feature's schemas (decision 017).
        moduleSideEffects: (id: string) => !id.includes('/packages/core/src/'),
      },
      output: {
        codeSplitting: {
          // The libraries every page runs on travel as one file rather than a dozen small ones that
          // page chunks happen to share: fewer requests before the first paint on a slow network.
          // Our own modules of the first load are one file too (the entry and a dozen tiny shared pieces
          // cost a request and a gzip frame each); pages import what they share with the shell from it.
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'shell', tags: ['$initial'], priority: 1 },
            // A language's page texts travel as one file: every page but the home page loads all of
            // them at once (loadAllTexts), and fifteen files of 1-6 KB made fifteen requests and as
            // many modulepreloads (decision 017). The shell's own files stay apart: the home page loads
            // only those.
            { name: pageTextsChunk, debugName: 'page texts', priority: 3 },
          ],
        },
      },
    },
  },
});
