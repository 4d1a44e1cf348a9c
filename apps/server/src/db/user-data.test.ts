import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.js';
import { keptBecause, userDataTables } from './user-data.js';

const exported: unknown[] = Object.values(schema);
const tables = exported.filter((v): v is PgTable => is(v, PgTable));

/** A table holds a user's data when a column points at the account or names a user id or an e-mail. */
function holdsUserData(table: PgTable): boolean {
  const config = getTableConfig(table);
  const toUsers = config.foreignKeys.some(
    (fk) => getTableConfig(fk.reference().foreignTable).name === 'users',
  );
  return toUsers || config.columns.some((c) => /(^|_)user_id$|email/.test(c.name));
}

describe('the one list of user data', () => {
  it('names every table with a user id or an e-mail, as data or as kept with a reason', () => {
    const listed = new Set<PgTable>([
      ...userDataTables.map((t) => t.table),
      ...keptBecause.map((k) => k.table),
    ]);
    const missing = tables
      .filter((t) => holdsUserData(t) && !listed.has(t))
      .map((t) => getTableConfig(t).name);
    expect(missing, 'add these to userDataTables or keptBecause in db/user-data.ts').toEqual([]);
    expect(tables.filter(holdsUserData).length).toBeGreaterThanOrEqual(18);
  });

  it('lists each table once, under a key of its own, and every kept table with a reason', () => {
    const keys = userDataTables.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(userDataTables.map((t) => t.table)).size).toBe(userDataTables.length);
    for (const k of keptBecause) expect(k.reason.length).toBeGreaterThan(20);
    for (const t of userDataTables) expect(tables).toContain(t.table);
  });
});
