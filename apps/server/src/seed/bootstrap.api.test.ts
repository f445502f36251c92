import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_SECRETS } from '../platform/config.js';
import { verifyPassword } from '../platform/passwords.js';
import { createTestDatabase } from '../test/test-database.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../platform/config.js';

describe('first start seeding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: 'S3cure-pass!' } });
  });
  afterAll(() => t?.close());

  it('creates admin with an argon2id hash of ADMIN_PASSWORD', async () => {
    const admin = await t.ctx.database.db.selectFrom('app_user').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(admin.password_hash, 'S3cure-pass!')).toBe(true);
    expect(await verifyPassword(admin.password_hash, DEMO_SECRETS.adminPassword)).toBe(false);
    expect(admin.status).toBe('enabled');
  });

  it('creates the demo company with a department tree, admin in it', async () => {
    const db = t.ctx.database.db;
    const company = await db.selectFrom('company').selectAll().executeTakeFirstOrThrow();
    expect(company.name).toBe('悦享月子会所');
    const departments = await db.selectFrom('department').select(['code', 'name', 'parent_id']).orderBy('code').execute();
    expect(departments.length).toBeGreaterThanOrEqual(10);
    expect(departments.filter((d) => d.parent_id === null).map((d) => d.name)).toEqual(['总部', '南山店', '福田店']);
    expect(departments.find((d) => d.code === 'A02A01')?.name).toBe('销售部');
    const link = await db.selectFrom('user_company').selectAll().executeTakeFirstOrThrow();
    expect(link).toMatchObject({ company_id: company.id, is_default: true });
  });

  it('does not seed again on a second start', async () => {
    const { seedIfEmpty } = await import('./bootstrap.js');
    expect(await seedIfEmpty(t.ctx.database.db, t.config, t.ctx.log)).toBe(false);
    // Demo mode adds the demo roles' users (demo-roles.ts); the administrator is seeded once.
    const admins = await t.ctx.database.db.selectFrom('app_user').select('id').where('username', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
  });

  it('refuses to seed an empty database without an admin password outside demo mode', async () => {
    const testDb = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DEMO_DATA: 'off', LOG_LEVEL: 'silent' });
    await expect(buildApp(config, { database: testDb.database })).rejects.toThrow(/ADMIN_PASSWORD/);
    await testDb.drop();
  });
});
