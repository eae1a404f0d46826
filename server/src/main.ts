/** Start-up and graceful shutdown only. */
import { loadConfig, ConfigError, unsafeForProduction } from './config';
import { buildApp } from './app';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const unsafe = unsafeForProduction(config);
  if (unsafe.length > 0) {
    process.stderr.write(
      `Refusing to start with NODE_ENV=production and settings unsafe there:\n${unsafe
        .map((p) => `  - ${p}`)
        .join('\n')}\nFix them (see server/README.md, configuration) or run without NODE_ENV=production.\n`,
    );
    process.exit(2);
  }
  const app = buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  process.stderr.write(`fatal: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
