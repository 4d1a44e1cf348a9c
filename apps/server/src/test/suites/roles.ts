import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { openTestDatabase, testConfig } from '../app.js';
import { signUp } from '../accounts.js';
import { setPlus } from '../speaking.js';
import { forgetUser } from '../../accounts/user-cache.js';

export const ROLES = ['guest', 'free', 'plus', 'expired', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface AppRoute {
  method: string;
  url: string;
  websocket: boolean;
  /** The zod schema of the body, when the route declares one. */
  schema?: unknown;
}

export interface SuiteApp {
  app: FastifyInstance;
  routes: AppRoute[];
  /** Authorization headers per role (none for the guest). */
  headers: Record<Role, Record<string, string>>;
  /** Access tokens per role (null for the guest), for the sockets' `token` query parameter. */
  tokens: Record<Role, string | null>;
  /** Signs a role in again, a new session in `headers` and `tokens`: after a cell that ended its session. */
  signInAgain(role: Exclude<Role, 'guest'>): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app on a fresh database with its route table read as routes are added (not a hand-kept list),
 * and one account per role: free, Plus, lapsed Plus and admin.
 */
export async function suiteApp(overrides: Record<string, string> = {}): Promise<SuiteApp> {
  const database: Database = await openTestDatabase();
  const routes: AppRoute[] = [];
  const app = await buildApp({
    config: testConfig({ RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_SCALE: '1000', ...overrides }),
    database,
    webDist: null,
    logger: false,
    kvPrefix: `kouyu-suite:${randomBytes(4).toString('hex')}:`,
    onRoute: (r) => {
      for (const method of [r.method].flat()) {
        if (method === 'HEAD' && !r.url.endsWith('/ping')) continue; // fastify adds HEAD for every GET
        if (r.url.startsWith('/api/'))
          routes.push({ method, url: r.url, websocket: r.websocket === true, schema: r.schema?.body });
      }
    },
  });
  await app.ready();
  const [free, plus, expired, admin] = await Promise.all([
    signUp(app),
    signUp(app),
    signUp(app),
    signUp(app),
  ]);
  await setPlus(app, plus.user.id, 30);
  await setPlus(app, expired.user.id, -3);
  await database.db.update(users).set({ userLevel: 'admin' }).where(eq(users.id, admin.user.id));
  forgetUser(admin.user.id);
  const accounts = { free, plus, expired, admin };
  const suite: SuiteApp = {
    app,
    routes,
    headers: {
      guest: {},
      free: free.auth,
      plus: plus.auth,
      expired: expired.auth,
      admin: admin.auth,
    },
    tokens: {
      guest: null,
      free: accounts.free.token,
      plus: accounts.plus.token,
      expired: accounts.expired.token,
      admin: accounts.admin.token,
    },
    async signInAgain(role) {
      const { email, password } = accounts[role];
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${role} failed: ${res.body}`);
      const token = res.json<{ token: string }>().token;
      suite.headers[role] = { authorization: `Bearer ${token}` };
      suite.tokens[role] = token;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return suite;
}

/** A concrete URL for a route pattern: every parameter becomes `1` (an id that usually does not exist). */
export function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');
}

/** Prints a suite's counts (cells, requests, writes, faults) where `npm test` shows them. */
export function report(line: string): void {
  process.stdout.write(`${line}\n`);
}
