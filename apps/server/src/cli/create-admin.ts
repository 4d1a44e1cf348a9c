// `npm run admin:create -- <email> <password>`: creates the first admin (or promotes an account).
// With the embedded database, stop the server first: PGlite is used by one process at a time.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { ensureAdmin } from '../accounts/admin.js';
import { emailSchema, passwordSchema, validationMessage } from '@kouyu/core';

async function main() {
  const [email, password] = process.argv.slice(2);
  const e = emailSchema.safeParse(email ?? '');
  const p = passwordSchema.safeParse(password ?? '');
  if (!e.success || !p.success) {
    const issue = (!e.success ? e.error : p.error)?.issues[0]?.message ?? 'invalid';
    console.error(`usage: npm run admin:create -- <email> <password>\n${validationMessage(issue)}`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const result = await ensureAdmin(database.db, e.data, p.data);
  await database.close();
  console.log(`admin ${e.data}: ${result}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
