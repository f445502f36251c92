import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { UndeclaredRouteError } from './route-table.js';

describe('route registry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: (app) => app.post('/online/private', { config: { access: 'authenticated' } }, async () => ({ secret: 1 })),
    });
  });
  afterAll(() => t?.close());

  // A change to this table is a permission change: review it as one.
  it('lists every route with its declared access', () => {
    const table = t.routeTable.filter((r) => r.url !== '/online/private').map((r) => `${r.method} ${r.url} → ${r.access}${r.signed ? '' : ' (unsigned)'}`).sort();
    expect(table).toMatchSnapshot();
  });

  // The login page's configured images are read by plain <img> tags before anyone signs in; the route
  // serves only the three image fields of the system config, and only when they hold an upload.
  it('only the health check, the SPA, its runtime config and the login images skip the signature', () => {
    const unsigned = t.routeTable.filter((r) => !r.signed).map((r) => r.url);
    expect(new Set(unsigned)).toEqual(new Set(['/online/health', '/app/runtime-config.js', '/', '/app', '/app/*', '/online/systemConfig/image/:field']));
  });

  it('fails start-up when a route declares no access', async () => {
    await expect(
      createTestApp({ extraRoutes: (app) => app.post('/online/undeclared', async () => ({ ok: true })) }),
    ).rejects.toThrow(UndeclaredRouteError);
  });

  it('fails start-up when a non-public route skips the signature', async () => {
    await expect(
      createTestApp({
        extraRoutes: (app) => app.post('/online/sneaky', { config: { access: 'authenticated', signature: false } }, async () => ({ ok: true })),
      }),
    ).rejects.toThrow(/skips the signature/);
  });

  it('a non-public route answers 302 without a session, after the signature check', async () => {
    const unsigned = await t.app.inject({ method: 'POST', url: '/online/private', payload: {} });
    expect(unsigned.json().code).toBe('101');
    const signed = await t.post('/online/private');
    expect(signed.status).toBe(401);
    expect(signed.body).toMatchObject({ success: false, code: '302' });
  });

  // Access is declared on the matched route, never on URL patterns, so no spelling of a path can
  // reach a handler without passing that route's own check.
  it.each([
    '/online/private.js',
    '/online/private;a',
    '/ONLINE/private',
    '/online/PRIVATE',
    '//online/private',
    '/online/x/%2e%2e/private',
    '/online/%70rivate',
    '/online/private/',
    '/online/private%00',
    '/app/../online/private',
  ])('path trick %s never reaches the handler unauthenticated', async (url) => {
    const res = await t.app.inject({ method: 'POST', url, payload: t.signed({}) });
    expect(res.statusCode === 404 || res.statusCode === 401 || res.statusCode === 400).toBe(true);
    expect(res.json().success).toBe(false);
    expect(res.body).not.toContain('secret');
  });
});
