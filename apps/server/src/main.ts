import { buildApp } from './app.js';
import { ConfigError, exposedDemoWarning, loadConfig } from './platform/config.js';
import { DataDirLockedError } from './platform/db/datadir-lock.js';
import { MigrationError } from './platform/db/migrate.js';
import { installShutdown } from './platform/shutdown.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, lifecycle } = await buildApp(config);
  installShutdown(app, lifecycle, config.shutdownGraceMs);
  await app.listen({ host: config.host, port: config.port });
  const warning = exposedDemoWarning(config);
  if (warning) app.log.warn(warning);
}

main().catch((err: unknown) => {
  // Known start-up refusals get one clear line; anything else its stack.
  const known = err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof MigrationError;
  console.error(known ? `Cannot start: ${(err as Error).message}` : err);
  process.exit(1);
});
