import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './http/guards.js';

/**
 * SIGTERM / SIGINT: refuse new work at once, let in-flight requests finish, then close the database
 * cleanly (the app's onClose hook) and exit; a stuck request cannot hold the exit past the grace time.
 */
export function installShutdown(app: FastifyInstance, lifecycle: Lifecycle, graceMs: number): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, graceMs);
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
