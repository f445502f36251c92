import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { hashPassword } from '../platform/passwords.js';

export const TEST_PASSWORD = 'Test-pass-123';

// One argon2id hash of TEST_PASSWORD per worker: every user a test creates gets it (hashing costs tens
// of milliseconds at SECURITY.md's floor, and test files create hundreds of users). Logins still
// verify it in full.
let testPasswordHash: Promise<string> | undefined;

/**
 * A user of the seeded company in a group holding exactly `actions` (menus by path, buttons by
 * action), for tests that need someone other than the all-powerful admin.
 */
export async function createUserWith(db: Kysely<DB>, options: { username: string; actions?: string[]; paths?: string[]; phone?: string; wechatId?: string }) {
  const company = await db.selectFrom('company').select('id').orderBy('created_at').executeTakeFirstOrThrow();
  const department = await db.selectFrom('department').select(['id', 'name']).where('company_id', '=', company.id).orderBy('code').executeTakeFirstOrThrow();
  const user = await db
    .insertInto('app_user')
    .values({
      username: options.username,
      password_hash: await (testPasswordHash ??= hashPassword(TEST_PASSWORD)),
      first_name: `测试${options.username}`,
      phone: options.phone ?? null,
      wechat_id: options.wechatId ?? null,
      default_company_id: company.id,
      department_id: department.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_company').values({ user_id: user.id, company_id: company.id, is_default: true }).execute();
  await db.insertInto('user_department').values({ user_id: user.id, department_id: department.id }).execute();
  const group = await db
    .insertInto('security_group')
    .values({ company_id: company.id, code: `g_${options.username}`, name: `组${options.username}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_security_group').values({ user_id: user.id, group_id: group.id }).execute();
  const wanted = [...(options.actions ?? []), ...(options.paths ?? [])];
  if (wanted.length) {
    const perms = await db
      .selectFrom('sys_permission')
      .select('id')
      .where((eb) => eb.or([eb('action', 'in', wanted), eb('path', 'in', wanted)]))
      .execute();
    if (perms.length !== wanted.length) throw new Error(`unknown permissions among ${wanted.join(', ')}`);
    await db.insertInto('security_group_permission').values(perms.map((p) => ({ group_id: group.id, permission_id: p.id }))).execute();
  }
  return { userId: user.id, groupId: group.id, companyId: company.id, departmentId: department.id, departmentName: department.name };
}
