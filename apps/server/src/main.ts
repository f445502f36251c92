import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { DataDirLockedError } from './platform/db/datadir-lock.js';
import { MigrationError } from './platform/db/migrate.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, lifecycle } = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Refuse new work at once, let in-flight requests finish, then close the database cleanly.
    lifecycle.closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  // Known start-up refusals get one clear line; anything else its stack.
  const known = err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof MigrationError;
  console.error(known ? `Cannot start: ${(err as Error).message}` : err);
  process.exit(1);
});
