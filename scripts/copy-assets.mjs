// Copies the server's non-TypeScript assets (SQL migrations, seed data) next to the compiled code.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');
for (const rel of ['db/migrations', 'db/seed/data']) {
  const from = path.join(server, 'src', rel);
  const to = path.join(server, 'dist', rel);
  if (!existsSync(from)) continue;
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}
