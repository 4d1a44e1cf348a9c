/**
 * The deployment files (Dockerfile, .dockerignore, compose.yaml, deploy/Caddyfile) checked for what a
 * working multi-instance site needs. `docker compose config` validates the compose file where the
 * compose plugin exists; elsewhere (like this machine) the structure checks below are what runs.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { loadConfig } from './config.js';
import { repoRoot } from './test/built-server.js';
import { PAGE_FONT_FILE } from './site/page-font.js';

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

const serviceSchema = z.object({
  image: z.string().optional(),
  build: z.unknown().optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  depends_on: z.record(z.string(), z.object({ condition: z.string() })).optional(),
  stop_grace_period: z.string().optional(),
  volumes: z.array(z.string()).optional(),
  ports: z.array(z.string()).optional(),
});
const composeSchema = z.object({ services: z.record(z.string(), serviceSchema) });

/** Test values for the variables compose asks the operator for. */
const operatorEnv: Record<string, string> = {
  JWT_SECRET: 'a-deploy-test-secret-of-at-least-32-chars',
  MINIO_ROOT_PASSWORD: 'minio-secret',
};

/** Resolves `${VAR}`, `${VAR:-default}` and `${VAR:?message}` like compose does. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, name: string, op?: string, rest?: string) => {
    const given = operatorEnv[name];
    if (given) return given;
    if (op === '?') throw new Error(`${name} is required: ${rest}`);
    return rest ?? '';
  });
}

const compose = composeSchema.parse(parse(read('compose.yaml'), { merge: true }));
const apps = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);

function appEnv(name: string): Record<string, string> {
  const env = compose.services[name]?.environment ?? {};
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(String(v ?? ''))]));
}

describe.skipIf(process.env['TEST_DB'] === 'postgres')('deployment files', () => {
  it('compose runs two app instances with PostgreSQL, Redis, MinIO and Caddy', () => {
    expect(apps.map(([name]) => name).sort()).toEqual(['app1', 'app2']);
    for (const name of ['postgres', 'redis', 'minio', 'caddy']) expect(compose.services[name]).toBeDefined();
    expect(compose.services['caddy']?.ports).toContain('80:80');
  });

  it('gives every instance the same shared settings, which the server accepts', () => {
    const [first, second] = apps.map(([name]) => appEnv(name));
    expect(first).toEqual(second);
    const config = loadConfig(first);
    expect(config.production).toBe(true);
    expect(config.TRUST_PROXY).toBe(1);
    expect(config.jwtSecret).toBe(operatorEnv['JWT_SECRET']);
    expect(config.PUBLIC_URL).toBeTruthy();
    expect(config.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(config.REDIS_URL).toBe('redis://redis:6379');
    // All four S3 settings: the audio cache and photos then live in MinIO, seen by both instances.
    expect([
      config.S3_ENDPOINT,
      config.S3_BUCKET,
      config.S3_ACCESS_KEY_ID,
      config.S3_SECRET_ACCESS_KEY,
    ]).not.toContain(undefined);
    expect(() => interpolate('${JWT_SECRET_MISSING:?must be set}')).toThrow(/must be set/);
  });

  it('starts the second instance after the first is healthy and gives restarts their grace time', () => {
    expect(compose.services['app2']?.depends_on?.['app1']?.condition).toBe('service_healthy');
    for (const [name, service] of apps) {
      const grace = Number(/^(\d+)s$/.exec(service.stop_grace_period ?? '')?.[1] ?? 0);
      expect(grace, name).toBeGreaterThan(loadConfig(appEnv(name)).SHUTDOWN_GRACE_S);
      for (const dep of ['postgres', 'redis'])
        expect(service.depends_on?.[dep]?.condition).toBe('service_healthy');
    }
  });

  it('balances every instance in the Caddyfile, with health checks', () => {
    const caddy = read('deploy/Caddyfile');
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddy)?.[1]?.trim().split(/\s+/) ?? [];
    expect(upstreams.sort()).toEqual(apps.map(([name]) => `${name}:3000`).sort());
    expect(caddy).toMatch(/health_uri \/api\/v1\/health/);
    expect(compose.services['caddy']?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('builds a multi-stage image that runs the built server as a non-root user with a health check', () => {
    const docker = read('Dockerfile');
    expect(docker.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(docker).toMatch(/^COPY --from=build /m);
    const user = /^USER (\S+)/m.exec(docker)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(docker).toMatch(/^HEALTHCHECK .*\n?.*\/api\/v1\/health/m);
    expect(docker).toMatch(/^CMD \["node", "apps\/server\/dist\/server\.js"\]/m);
    const ignore = read('.dockerignore').split('\n');
    for (const entry of ['.git', '**/node_modules', '**/dist', '.env']) expect(ignore).toContain(entry);
  });

  it('keeps, of the font package it trims, the weight the page font cuts', () => {
    const docker = read('Dockerfile');
    const kept = /! -name (\S+) -exec rm/.exec(docker)?.[1];
    expect(kept).toBeDefined();
    expect(PAGE_FONT_FILE.split(path.sep)).toContain(kept);
  });

  const composeCli = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  it.skipIf(composeCli.status !== 0)('is a valid compose file for `docker compose config`', () => {
    const res = spawnSync(
      'docker',
      ['compose', '-f', path.join(repoRoot, 'compose.yaml'), 'config', '--quiet'],
      {
        encoding: 'utf8',
        env: { ...process.env, ...operatorEnv },
      },
    );
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });
});
