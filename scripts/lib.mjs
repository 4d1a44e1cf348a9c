// Shared steps of `npm start` and `npm test`: plain Node, no dependencies, so they run before `npm install`.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repository, streaming its output; exits with its status on failure. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    ...opts,
    env: { ...process.env, ...opts.env },
  });
  if (res.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('› installing dependencies (npm ci)…');
  // onnxruntime-node's own install script would download GPU libraries; the CPU build ships in the package.
  run('npm', ['ci', '--no-audit', '--no-fund'], { env: { ONNXRUNTIME_NODE_INSTALL: 'skip' } });
}

/** Builds core, server and web. */
export function build() {
  console.log('› building…');
  run('npm', ['run', 'build', '--silent']);
}

/** Path of a Chromium binary, or null. */
export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

/** Debian packages the tests use: the browser, CJK fonts for OCR images, espeak-ng and sox for audio, Caddy for the proxy set-up. */
export const TEST_PACKAGES = ['chromium', 'fonts-noto-cjk', 'espeak-ng', 'sox', 'caddy'];

function missingPackages() {
  return TEST_PACKAGES.filter((p) => spawnSync('dpkg', ['-s', p], { stdio: 'ignore' }).status !== 0);
}

/** On Debian as root, installs the test packages that are missing; elsewhere says what to install. */
export function ensureTestPackages() {
  const hasDpkg = spawnSync('dpkg', ['--version'], { stdio: 'ignore' }).status === 0;
  const missing = hasDpkg ? missingPackages() : findChromium() ? [] : ['chromium'];
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (hasDpkg && isRoot) {
    console.log(`› installing Debian packages for the tests: ${missing.join(' ')}`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error(
    `The tests need these packages: ${missing.join(' ')}.\n` +
      `Install them (Debian/Ubuntu: sudo apt-get install -y ${missing.join(' ')}), or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
