import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { seedContent } from './db/seed/index.js';
import { ensureAdmin } from './accounts/admin.js';
import { createAudioPregeneration } from './speech/tts/pregenerate.js';
import type { AudioPregeneration } from './speech/tts/pregenerate.js';
import { holdLease, takeLease } from './plugins/jobs.js';

// After the sockets drained (SHUTDOWN_GRACE_S), closing the rest may take this long.
const CLOSE_TIMEOUT_MS = 10_000;
// The pre-generation lease: renewed while the job runs, kept a while after it finished so instances
// started by the same deploy do not walk the texts again.
const PREGENERATION_LEASE_MS = 3 * 60_000;
const PREGENERATION_DONE_MS = 60 * 60_000;

/** Runs the audio pre-generation on the one instance of a deployment that takes its lease. */
async function pregenerateOnOneInstance(app: Awaited<ReturnType<typeof buildApp>>, job: AudioPregeneration) {
  try {
    if (!(await takeLease(app.kv, 'audio-pregeneration', PREGENERATION_LEASE_MS))) {
      app.log.info({ job: 'audio-pregeneration' }, 'background job left to another instance');
      return;
    }
    app.log.info({ job: 'audio-pregeneration' }, 'background job runs here');
    const lease = holdLease(app.kv, 'audio-pregeneration', PREGENERATION_LEASE_MS);
    const summary = await job.start();
    // A stopped job (restart, failing engine) frees the lease at once for another instance.
    await lease.release(summary.stopped ? 0 : PREGENERATION_DONE_MS);
  } catch (err) {
    app.log.warn({ err }, 'audio pre-generation lease failed');
  }
}

async function main() {
  const config = loadConfig();
  const app = await buildApp({ config, kvPrefix: config.REDIS_PREFIX });
  if (config.SEED_CONTENT) await seedContent(app.database.db, app.log);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const result = await ensureAdmin(app.database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    app.log.info({ email: config.ADMIN_EMAIL, result }, 'admin account');
  }
  // Hooked before listening (hooks cannot be added after), started after: requests come first.
  const pregeneration = config.AUDIO_PREGENERATE ? createAudioPregeneration(app) : null;
  await app.listen({ host: config.HOST, port: config.PORT });
  if (pregeneration) void pregenerateOnOneInstance(app, pregeneration);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const graceMs = config.SHUTDOWN_GRACE_S * 1000;
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, graceMs + CLOSE_TIMEOUT_MS);
    timer.unref();
    // New sockets are refused at once; open ones (answers in review or recognition) may finish first.
    app
      .drainSockets(graceMs)
      .then((left) => {
        if (left > 0) app.log.warn({ left }, 'closing sockets still open after the grace time');
        return app.close();
      })
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
