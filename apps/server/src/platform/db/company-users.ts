import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/** Whether the user is an enabled user of the company (an owner, a receptionist … a record may name). */
export async function activeCompanyUser(db: Kysely<DB>, companyId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_company as uc')
    .innerJoin('app_user as u', 'u.id', 'uc.user_id')
    .select('u.id')
    .where('uc.company_id', '=', companyId)
    .where('uc.user_id', '=', userId)
    .where('u.status', '=', 'enabled')
    .executeTakeFirst();
  return Boolean(row);
}
