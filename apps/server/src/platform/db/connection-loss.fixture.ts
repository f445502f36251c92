// The real server as its own process, with routes to stage a lost PostgreSQL connection
// (connection-loss.api.test.ts): a transaction left idle on a checked-out connection, the push bus's
// LISTEN backend, and a publish → LISTEN round trip.
import { sql } from 'kysely';
import { buildApp } from '../../app.js';
import { loadConfig } from '../config.js';
import { PgNotifyPushBus } from '../push/pg-push-bus.js';
import { installShutdown } from '../shutdown.js';

const ok = (result: unknown) => ({ success: true, message: 'ok', result, code: '0' });
const config = loadConfig();
const { app, ctx, lifecycle } = await buildApp(config, {
  extraRoutes: (app) => {
    // A request whose transaction waits on something else (a file, a hash, a remote call) meanwhile.
    app.post('/online/test/idleInTransaction', { config: { access: 'public' } }, async (request) => {
      const { ms } = request.body as { ms: number };
      await ctx.database.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await new Promise((resolve) => setTimeout(resolve, ms));
        await sql`select 1`.execute(trx);
      });
      return ok('finished');
    });
    app.post('/online/test/listenPid', { config: { access: 'public' } }, async () => ok(ctx.push instanceof PgNotifyPushBus ? (ctx.push.listenerPid ?? null) : null));
    // Publishes through NOTIFY and answers whether the LISTEN connection handed it back within 2 s.
    app.post('/online/test/pushRoundTrip', { config: { access: 'public' } }, async () => {
      const title = `probe-${Date.now()}-${Math.random()}`;
      let unsubscribe = () => {};
      const delivered = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 2000);
        unsubscribe = ctx.push.subscribe((e) => {
          if (e.event.payload.title !== title) return;
          clearTimeout(timer);
          resolve(true);
        });
      });
      await ctx.push.publish({ scope: 'site' }, { kind: 'notice', payload: { title } });
      const result = await delivered;
      unsubscribe();
      return ok(result);
    });
  },
});
installShutdown(app, lifecycle, config.shutdownGraceMs);
await app.listen({ host: '127.0.0.1', port: config.port });
