import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { CrmOption } from '@care/shared';
import type { DB } from '../platform/db/schema.js';
import { createTestApp, type TestApp } from './test-app.js';

/** The demo company's CRM users (seed/demo-crm.ts) the CRM API tests sign in as. */
export const CRM_USERS = ['nanshan.sales1', 'nanshan.sales2', 'futian.sales1', 'nanshan.manager', 'futian.manager'] as const;

export interface CrmTestApp {
  t: TestApp;
  db: Kysely<DB>;
  /** Session tokens by user name (`admin` too). */
  token: Record<string, string>;
  userId: Record<string, string>;
  /** The demo stores 南山店 (NS) and 福田店 (FT). */
  nanshan: string;
  futian: string;
  /** A phone not used before in this file (each file numbers from its own range). */
  nextPhone: () => string;
}

/**
 * For a describe block of CRM API tests: an app on a fresh database (beforeAll / afterAll), the
 * administrator and `users` signed in, their ids and the two demo stores. The fields are filled once
 * beforeAll has run.
 */
export function crmTestApp(firstPhone: number, users: readonly string[] = CRM_USERS): CrmTestApp {
  let phone = firstPhone;
  const crm = { token: {}, userId: {}, nextPhone: () => String(++phone) } as CrmTestApp;
  beforeAll(async () => {
    const t = (crm.t = await createTestApp());
    crm.db = t.ctx.database.db;
    crm.token.admin = await t.login();
    for (const name of users) {
      crm.token[name] = await t.login(name, t.config.adminPassword);
      crm.userId[name] = (await crm.db.selectFrom('app_user').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
    }
    const stores = (await t.post<CrmOption[]>('/online/store/options', {}, { token: crm.token.admin })).body.result;
    crm.nanshan = stores.find((s) => s.code === 'NS')!.id;
    crm.futian = stores.find((s) => s.code === 'FT')!.id;
  }, 120_000);
  afterAll(() => crm.t?.close());
  return crm;
}
