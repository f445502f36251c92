import { describe, expect, it } from 'vitest';
import { monitorContract, MonitorPermission, MonitorText, type MonitorOverview } from '@care/shared';
import { resultOf, tokenWith, useAdminApp } from '../../test/fixtures.js';

const overview = monitorContract.overview.path;

describe('监控页 counters', () => {
  const ctx = useAdminApp({
    // A route that fails with a 5xx, to see server errors counted apart from business ones.
    extraRoutes: (app) => {
      app.post('/test/monitor-boom', { config: { access: 'public', signature: false } }, async () => {
        throw new Error('boom');
      });
    },
  });

  it('counts each finished request by outcome and route pattern, not by raw URL', async () => {
    const { t, admin } = ctx;
    const before = await resultOf(t.post<MonitorOverview>(overview, {}, { token: admin }));

    const ok = 4;
    for (let i = 0; i < ok; i++) expect((await t.post('/online/store/list', {}, { token: admin })).status).toBe(200);
    const business = 3; // validation refusals (422)
    for (let i = 0; i < business; i++) expect((await t.post('/online/store/add', { code: '' }, { token: admin })).status).toBe(422);
    const unmatched = 2; // 404s on different raw URLs: one key
    for (let i = 0; i < unmatched; i++) expect((await t.post(`/online/no-such-route/${i}`, {}, { token: admin })).status).toBe(404);
    const server = 2;
    for (let i = 0; i < server; i++) expect((await t.post('/test/monitor-boom', {})).status).toBe(500);
    const auth = 1;
    expect((await t.post('/online/store/list', {})).status).toBe(401);

    const after = await resultOf(t.post<MonitorOverview>(overview, {}, { token: admin }));
    const delta = (k: keyof MonitorOverview['totals']) => after.totals[k] - before.totals[k];
    // The monitor's own polling is not counted.
    expect(delta('requests')).toBe(ok + business + unmatched + server + auth);
    expect(delta('ok')).toBe(ok);
    expect(delta('business')).toBe(business + unmatched);
    expect(delta('server')).toBe(server);
    expect(delta('auth')).toBe(auth);

    // Everything happened within the last minute (the test app started moments ago).
    expect(after.lastMinute.counts.requests).toBe(after.totals.requests);
    expect(after.lastMinute.counts.server).toBe(after.totals.server);
    expect(after.lastFiveMinutes.counts).toEqual(after.totals);
    expect(after.lastMinute.serverErrorRate).toBeCloseTo(after.totals.server / after.totals.requests, 3);
    expect(after.lastMinute.businessErrorRate).toBeCloseTo(after.totals.business / after.totals.requests, 3);
    const { p50, p95, p99, max } = after.lastMinute.latency;
    expect(p50).not.toBeNull();
    expect(p50!).toBeLessThanOrEqual(p95!);
    expect(p95!).toBeLessThanOrEqual(p99!);
    expect(p99!).toBeLessThanOrEqual(max!);
    expect(after.series).toHaveLength(60);
    expect(after.series.reduce((a, p) => a + p.requests, 0)).toBe(after.totals.requests);
    expect(after.series.reduce((a, p) => a + p.server, 0)).toBe(after.totals.server);

    const route = (key: string) => after.routes.find((r) => r.route === key);
    expect(route('POST /online/store/add')).toMatchObject({ errors: business });
    expect(route('POST /test/monitor-boom')).toMatchObject({ requests: server, errors: server, server });
    expect(route('(未匹配的地址)')).toMatchObject({ requests: unmatched, errors: unmatched });
    expect(after.routes.some((r) => r.route.includes('no-such-route'))).toBe(false);
  });

  it('shows the process and the database', async () => {
    const { t, admin } = ctx;
    const result = await resultOf(t.post<MonitorOverview>(overview, {}, { token: admin }));
    expect(result.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(result.process.rssBytes).toBeGreaterThan(result.process.heapUsedBytes / 2);
    expect(result.process.pid).toBe(process.pid);
    const driver = t.ctx.database.driver;
    expect(result.database.driver).toBe(driver);
    expect(result.database.sizeBytes).toBeGreaterThan(0);
    expect(result.database.pingMs).not.toBeNull();
    if (driver === 'pg') {
      expect(result.database.label).toBe(MonitorText.postgres);
      expect(result.database.pool).not.toBeNull();
      expect(result.database.pool!.total).toBeGreaterThanOrEqual(result.database.pool!.idle);
      expect(result.database.pool!.max).toBeGreaterThan(0);
    } else {
      expect(result.database.label).toBe(MonitorText.embedded);
      expect(result.database.pool).toBeNull();
    }
  });

  it('answers 403 without 监控页 查看', async () => {
    const { t } = ctx;
    const without = await tokenWith(t, 'monitor-none', []);
    expect((await t.post(overview, {}, { token: without })).status).toBe(403);
    const holder = await tokenWith(t, 'monitor-viewer', [MonitorPermission.monitorView]);
    expect((await t.post(overview, {}, { token: holder })).status).toBe(200);
  });
});
