import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { seedContent } from './db/seed/index.js';
import { ensureAdmin } from './accounts/admin.js';
import { createAudioPregeneration } from './speech/tts/pregenerate.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  if (config.SEED_CONTENT) await seedContent(app.database.db, app.log);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const result = await ensureAdmin(app.database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    app.log.info({ email: config.ADMIN_EMAIL, result }, 'admin account');
  }
  // Hooked before listening (hooks cannot be added after), started after: requests come first.
  const pregeneration = config.AUDIO_PREGENERATE ? createAudioPregeneration(app) : null;
  await app.listen({ host: config.HOST, port: config.PORT });
  void pregeneration?.start();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
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
