/**
 * The long tasks of the list pages, measured in the browser itself: Chromium's CPU slowed four times
 * (DevTools' own throttling, as on a mid-range phone), a phone's screen and agent, and the page's long
 * tasks read with a PerformanceObserver. Prints, per page, the median over WEB_BENCH_RUNS loads (default
 * 7) of the blocking time after first paint (each task's time past 50 ms, summed), the longest task and
 * the main thread's total busy time.
 *
 * Lighthouse's TBT (`npm run bench -- web`) simulates the slowdown and the network from one load's trace,
 * and on a shared 2-core host one load's figure swings by a factor of three or more; this bench is for
 * comparing two builds: WEB_BENCH_COMPARE=<another build's folder> loads both in alternation, so a busy
 * spell of the host falls on both alike. Measures apps/web/dist (or WEB_BENCH_DIST) as built: build
 * first (it builds when there is no build). Run from the repository root: `npm run bench -- long-tasks`.
 * Nothing is asserted.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildWeb, serveWebBuild } from './web-server.js';

const root = path.resolve(import.meta.dirname, '../../..');
const builds = [
  process.env['WEB_BENCH_DIST'] ?? path.join(root, 'apps/web/dist'),
  ...(process.env['WEB_BENCH_COMPARE'] ? [process.env['WEB_BENCH_COMPARE']] : []),
];
const PAGES = ['/en/test-selection/basic', '/en/vocabulary/3', '/en/idioms'];
const RUNS = Number(process.env['WEB_BENCH_RUNS'] ?? 7);
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/130.0.0.0 Mobile Safari/537.36';

interface Load {
  blocking: number;
  longest: number;
  busy: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  if (!process.env['WEB_BENCH_DIST'] && !existsSync(path.join(builds[0] ?? '', 'index.html'))) buildWeb(root);
  for (const build of builds) {
    if (!existsSync(path.join(build, 'index.html'))) throw new Error(`${build} holds no web build`);
  }
  const servers = [];
  for (const build of builds) servers.push(await serveWebBuild(build));
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const loads = new Map<string, Load[]>();
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const page of PAGES) {
        for (const [i, server] of servers.entries()) {
          const context = await browser.newContext({
            viewport: { width: 412, height: 823 },
            isMobile: true,
            hasTouch: true,
            userAgent: PHONE_AGENT,
          });
          const tab = await context.newPage();
          const cdp = await context.newCDPSession(tab);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await cdp.send('Performance.enable');
          await tab.addInitScript(() => {
            const tasks: [number, number][] = [];
            Object.assign(window, { __longTasks: tasks });
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
            }).observe({ type: 'longtask', buffered: true });
          });
          await tab.goto(`${server.address}${page}`, { waitUntil: 'networkidle' });
          // The rows revealed after the first screen and the idle-time work come after the network is quiet.
          await tab.waitForTimeout(2500);
          const { tasks, fcp } = await tab.evaluate(() => ({
            tasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
          }));
          const { metrics } = await cdp.send('Performance.getMetrics');
          const busy = (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
          const key = `${page} ${i}`;
          loads.set(key, [
            ...(loads.get(key) ?? []),
            {
              blocking: tasks
                .filter(([start]) => start >= fcp)
                .reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
              longest: Math.max(0, ...tasks.map(([, d]) => d)),
              busy,
            },
          ]);
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.close();
  }
  console.log(`CPU 4x slower (applied), phone screen; median of ${RUNS} loads per page and build, in ms`);
  console.log('page                         build  blocking after FCP  longest task  main thread busy');
  for (const page of PAGES) {
    for (const i of builds.keys()) {
      const runs = loads.get(`${page} ${i}`) ?? [];
      console.log(
        `${page.padEnd(28)} ${String(i === 0 ? 'this' : 'other').padEnd(6)} ${median(
          runs.map((r) => r.blocking),
        )
          .toFixed(0)
          .padStart(18)} ${median(runs.map((r) => r.longest))
          .toFixed(0)
          .padStart(13)} ${median(runs.map((r) => r.busy))
          .toFixed(0)
          .padStart(17)}`,
      );
    }
  }
  if (builds.length > 1) console.log(`this = ${builds[0]}, other = ${builds[1]}`);
}

await main();
