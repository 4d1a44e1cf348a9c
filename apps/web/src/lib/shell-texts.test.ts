import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import enCommon from '@/locales/en/common.json';
import enContent from '@/locales/en/content.json';
import { SHELL_TEXT_GROUPS } from './i18n';

const src = path.resolve(import.meta.dirname, '..');

/** The file an import specifier of ours points at, or null for a package. */
function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(src, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every source file the entry imports statically, directly or not: what the first paint runs. */
function firstLoadFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const source = readFileSync(file, 'utf8');
    files.set(file, source);
    // Static imports and re-exports only (type-only ones bring no code); `import(…)` is a later chunk.
    for (const m of source.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)) {
      const next = resolve(file, m[1] ?? '');
      if (next) visit(next);
    }
  };
  visit(path.join(src, 'main.tsx'));
  return files;
}

/** Groups of a shell file that the first load leaves out (they arrive with `loadAllTexts`). */
function heldBack(full: object, shipped: readonly string[]): string[] {
  return Object.keys(full).filter((group) => !shipped.includes(group));
}

describe('the texts of the first load', () => {
  const files = firstLoadFiles();

  it('follows the shell from the entry', () => {
    const names = [...files.keys()].map((f) => path.relative(src, f));
    expect(names).toContain('app/app-shell.tsx');
    expect(names).toContain('app/routes/home.tsx');
    // Pages are later chunks.
    expect(names.some((n) => n.includes('auth-page'))).toBe(false);
  });

  it('ships every group of common and content that a file of the first load names', () => {
    const held = [
      ...heldBack(enCommon, SHELL_TEXT_GROUPS.common).map((g) => ({ ns: 'common', group: g })),
      ...heldBack(enContent, SHELL_TEXT_GROUPS.content).map((g) => ({ ns: 'content', group: g })),
    ];
    // The split is real: the pages' groups stay out.
    expect(held.map((h) => h.group)).toEqual(expect.arrayContaining(['errors', 'auth', 'faq', 'privacy']));
    const found: string[] = [];
    for (const [file, source] of files) {
      for (const { ns, group } of held) {
        const key = new RegExp(`['"\`](?:${ns}:)?${group}\\.[\\w$]`);
        if (key.test(source)) found.push(`${path.relative(src, file)} names ${ns}:${group}.…`);
      }
    }
    expect(found).toEqual([]);
  });
});
