import { sql, type Kysely } from 'kysely';
import type { CheckRuleListQuery, CheckRuleSegment } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';

const columns = ['id', 'code', 'name', 'segments', 'description', 'version', 'created_at', 'updated_at'] as const;
const sortColumns = { code: 'code', name: 'name', createdAt: 'created_at' } as const;

export type RuleRow = Awaited<ReturnType<typeof findRule>> & object;

export function findRule(db: Kysely<DB>, id: string) {
  return db.selectFrom('check_rule').select(columns).where('id', '=', id).executeTakeFirst();
}

export function findRuleByCode(db: Kysely<DB>, code: string) {
  return db.selectFrom('check_rule').select(columns).where('code', '=', code).executeTakeFirst();
}

export async function pageRules(db: Kysely<DB>, q: CheckRuleListQuery): Promise<{ rows: RuleRow[]; total: number }> {
  let query = db.selectFrom('check_rule');
  if (q.code) query = query.where('code', 'ilike', `%${escapeLike(q.code)}%`);
  if (q.name) query = query.where('name', 'ilike', `%${escapeLike(q.name)}%`);
  const [rows, count] = await Promise.all([
    query
      .select(columns)
      .orderBy(sortColumns[q.column ?? 'code'], q.order ?? 'asc')
      .orderBy('id')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function codeTaken(db: Kysely<DB>, code: string): Promise<boolean> {
  return Boolean(await db.selectFrom('check_rule').select('id').where('code', '=', code).executeTakeFirst());
}

interface RuleValues {
  name: string;
  segments: CheckRuleSegment[];
  description: string;
}

export async function insertRule(db: Kysely<DB>, userId: string | null, values: RuleValues & { code: string }): Promise<string> {
  const row = await db
    .insertInto('check_rule')
    .values({ ...values, segments: JSON.stringify(values.segments), created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRule(db: Kysely<DB>, userId: string, id: string, version: number, values: RuleValues): Promise<boolean> {
  const result = await db
    .updateTable('check_rule')
    .set({ ...values, segments: JSON.stringify(values.segments), updated_by: userId, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteRule(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('check_rule').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
