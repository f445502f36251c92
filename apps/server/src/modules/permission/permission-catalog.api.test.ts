import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixtures.js';
import { listAllPermissions, permissionCatalogVersion } from './permission.repo.js';
import { PermissionCatalog } from './permission.service.js';

describe('permission catalog cache', () => {
  const ctx = useTestApp();

  it('every kind of change to sys_permission moves the version, and reads do not', async () => {
    const db = ctx.db;
    const v0 = await permissionCatalogVersion(db);
    await listAllPermissions(db);
    expect(await permissionCatalogVersion(db)).toBe(v0);
    await sql`update sys_permission set status = '0' where action = 'system:config:edit'`.execute(db);
    const v1 = await permissionCatalogVersion(db);
    expect(v1).toBeGreaterThan(v0);
    await db.insertInto('sys_permission').values({ menu_type: 2, name: '临时', action: 'tmp:probe' }).execute();
    const v2 = await permissionCatalogVersion(db);
    expect(v2).toBeGreaterThan(v1);
    await db.deleteFrom('sys_permission').where('action', '=', 'tmp:probe').execute();
    expect(await permissionCatalogVersion(db)).toBeGreaterThan(v2);
  });

  it('reuses the rows while nothing changed and re-reads them after a change made by plain SQL', async () => {
    const db = ctx.db;
    const catalog = new PermissionCatalog(db);
    const first = await catalog.rows();
    expect(await catalog.rows()).toBe(first); // the same array: not read again
    await sql`update sys_permission set name = '修改系统配置（新）' where action = 'system:config:edit'`.execute(db);
    const after = await catalog.rows();
    expect(after).not.toBe(first);
    expect(after.find((r) => r.action === 'system:config:edit')?.name).toBe('修改系统配置（新）');
  });
});
