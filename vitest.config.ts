import path from 'node:path';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const core = path.resolve(import.meta.dirname, 'packages/core/src/index.ts');
const alias = { '@kouyu/core': core };

const server = (name: string, env: Record<string, string>): TestProjectInlineConfiguration => ({
  resolve: { alias },
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/** Server integration tests run on PGlite always, and on PostgreSQL and Redis when DATABASE_URL is set. */
const projects: TestProjectInlineConfiguration[] = [
  {
    resolve: { alias },
    test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' },
  },
  server('server-pglite', { TEST_DB: 'pglite' }),
  {
    resolve: { alias: { ...alias, '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
    test: {
      name: 'web-unit',
      include: ['apps/web/src/**/*.test.{ts,tsx}'],
      environment: 'node',
      setupFiles: ['apps/web/src/test-setup.ts'],
    },
  },
  {
    resolve: { alias },
    test: {
      name: 'e2e',
      include: ['apps/web/e2e/**/*.e2e.ts'],
      globalSetup: ['apps/web/e2e/global-setup.ts'],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 120_000,
      fileParallelism: false,
    },
  },
];
if (process.env['DATABASE_URL']) projects.splice(2, 0, server('server-postgres', { TEST_DB: 'postgres' }));

export default defineConfig({ test: { projects } });
