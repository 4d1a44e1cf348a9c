// `npm run db:backup [-- <file>]` and `npm run db:restore -- <file>`: a backup of the database.
//
// Embedded database (no DATABASE_URL): PGlite's own dump of DATA_DIR/pglite as a gzipped tarball;
// restore loads it into a fresh directory and keeps the old one beside it (pglite.before-restore-<time>).
// Stop the server first: PGlite is opened by one process at a time.
// PostgreSQL (DATABASE_URL set): pg_dump in its custom format, restored with pg_restore --clean.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

const [mode, fileArg] = process.argv.slice(2);
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || '';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

function fail(message) {
  console.error(`✗ ${message}`);
  process.exit(1);
}

function runTool(cmd, args) {
  const res = spawnSync(cmd, args, { stdio: 'inherit' });
  if (res.error) fail(`${cmd} is not installed (Debian: apt-get install postgresql-client)`);
  if (res.status !== 0) fail(`${cmd} failed (exit ${res.status})`);
}

async function backup() {
  if (databaseUrl) {
    const file = path.resolve(fileArg || `backups/kouyu-${stamp}.pgdump`);
    mkdirSync(path.dirname(file), { recursive: true });
    runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, databaseUrl]);
    console.log(`✓ PostgreSQL backup written to ${file}`);
    return;
  }
  const dir = path.join(dataDir, 'pglite');
  if (!existsSync(dir)) fail(`no embedded database at ${dir} (set DATA_DIR)`);
  const file = path.resolve(fileArg || path.join(dataDir, 'backups', `kouyu-${stamp}.tar.gz`));
  mkdirSync(path.dirname(file), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  // The dump waits for a ready database (a query first); its own gzip option stalls in Node, so zlib.
  const db = await PGlite.create(dir);
  await db.query('select 1');
  const dump = await db.dumpDataDir('none');
  await db.close();
  writeFileSync(file, gzipSync(Buffer.from(await dump.arrayBuffer())));
  console.log(`✓ embedded database backup written to ${file}`);
}

async function restore() {
  if (!fileArg) fail('say which backup: npm run db:restore -- <file>');
  const file = path.resolve(fileArg);
  if (!existsSync(file)) fail(`no such backup: ${file}`);
  if (databaseUrl) {
    runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${databaseUrl}`, file]);
    console.log(`✓ PostgreSQL restored from ${file}`);
    return;
  }
  const dir = path.join(dataDir, 'pglite');
  const { PGlite } = await import('@electric-sql/pglite');
  const incoming = `${dir}.restoring-${stamp}`;
  const db = await PGlite.create(incoming, { loadDataDir: new Blob([gunzipSync(readFileSync(file))]) });
  // A query proves the dump loaded before the current database is moved aside.
  await db.query('select 1');
  await db.close();
  if (existsSync(dir)) {
    const kept = `${dir}.before-restore-${stamp}`;
    renameSync(dir, kept);
    console.log(`  the database it replaced is kept at ${kept}`);
  }
  renameSync(incoming, dir);
  console.log(`✓ embedded database restored from ${file}`);
}

if (mode === 'backup') await backup();
else if (mode === 'restore') await restore();
else fail('usage: node scripts/db-backup.mjs backup [file] | restore <file>');
