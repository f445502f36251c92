import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { AudienceType } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';

/** Who published each announcement (first name) and how many of its recipients have read it. */
export function publishInfoOf(db: Kysely<DB>, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('announcement as a')
    .leftJoin('app_user as s', 's.id', 'a.sender_id')
    .select(['a.id', 's.first_name as sender_name'])
    .select((eb) => eb.selectFrom('announcement_read as r').select((e) => e.fn.countAll<number>().as('n')).whereRef('r.announcement_id', '=', 'a.id').as('read_count'))
    .where('a.id', 'in', ids)
    .execute();
}

/** The addressed departments and users (with names) of the given announcements. */
export async function targetsOf(db: Kysely<DB>, ids: string[]) {
  if (!ids.length) return { departments: [], users: [] };
  const [departments, users] = await Promise.all([
    db
      .selectFrom('announcement_department as ad')
      .innerJoin('department as d', 'd.id', 'ad.department_id')
      .select(['ad.announcement_id', 'd.id', 'd.name'])
      .where('ad.announcement_id', 'in', ids)
      .orderBy('d.code')
      .execute(),
    db
      .selectFrom('announcement_user as au')
      .innerJoin('app_user as u', 'u.id', 'au.user_id')
      .select(['au.announcement_id', 'u.id', 'u.first_name', 'u.username'])
      .where('au.announcement_id', 'in', ids)
      .orderBy('u.username')
      .execute(),
  ]);
  return { departments, users };
}

export async function replaceTargets(db: Kysely<DB>, id: string, departmentIds: string[], userIds: string[]): Promise<void> {
  await db.deleteFrom('announcement_department').where('announcement_id', '=', id).execute();
  await db.deleteFrom('announcement_user').where('announcement_id', '=', id).execute();
  if (departmentIds.length) {
    await db.insertInto('announcement_department').values(departmentIds.map((departmentId) => ({ announcement_id: id, department_id: departmentId }))).execute();
  }
  if (userIds.length) await db.insertInto('announcement_user').values(userIds.map((userId) => ({ announcement_id: id, user_id: userId }))).execute();
}

/** How many of `ids` are departments, or users, of the company (to check an audience before it is saved). */
export async function countInCompany(db: Kysely<DB>, kind: 'department' | 'user', companyId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const [table, column] = kind === 'department' ? ['department', 'id'] : ['user_company', 'user_id'];
  const result = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where company_id = ${companyId} and ${sql.ref(column)} in (${sql.join(ids)})`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** An announcement's departments and every department below them. */
export async function audienceDepartmentIds(db: Kysely<DB>, announcementId: string): Promise<string[]> {
  const result = await sql<{ id: string }>`
    with recursive down(id) as (
      select department_id from announcement_department where announcement_id = ${announcementId}
      union
      select d.id from department d join down on d.parent_id = down.id
    )
    select id from down`.execute(db);
  return result.rows.map((r) => r.id);
}

/** A user's departments and every department above them: an announcement to 南山店 reaches 南山店/销售部. */
export async function departmentsWithAncestors(db: Kysely<DB>, userId: string): Promise<string[]> {
  const result = await sql<{ id: string }>`
    with recursive up(id, parent_id) as (
      select d.id, d.parent_id from user_department ud join department d on d.id = ud.department_id where ud.user_id = ${userId}
      union
      select p.id, p.parent_id from department p join up on p.id = up.parent_id
    )
    select id from up`.execute(db);
  return result.rows.map((r) => r.id);
}

/** Users addressed by a departments or users announcement (for push); 'all' is pushed to the company. */
export async function addressedUserIds(db: Kysely<DB>, companyId: string, announcement: Audience): Promise<string[]> {
  const departmentIds = announcement.audience_type === 'departments' ? await audienceDepartmentIds(db, announcement.id) : [];
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('user_company as uc', (j) => j.onRef('uc.user_id', '=', 'u.id').on('uc.company_id', '=', companyId))
    .select('u.id')
    .where('u.status', '=', 'enabled')
    .where((eb) => inAudience(eb, announcement, departmentIds))
    .execute();
  return rows.map((r) => r.id);
}

type Audience = { id: string; audience_type: AudienceType };

/** Whether user `u` is in the audience; `departmentIds` are the addressed departments and those below them. */
function inAudience(eb: ExpressionBuilder<DB & { u: DB['app_user'] }, 'u'>, announcement: Audience, departmentIds: string[]) {
  if (announcement.audience_type === 'departments') {
    if (!departmentIds.length) return eb.val(false);
    return eb.exists(eb.selectFrom('user_department as ud').select('ud.user_id').whereRef('ud.user_id', '=', 'u.id').where('ud.department_id', 'in', departmentIds));
  }
  if (announcement.audience_type === 'users') {
    return eb.exists(eb.selectFrom('announcement_user as au').select('au.user_id').where('au.announcement_id', '=', announcement.id).whereRef('au.user_id', '=', 'u.id'));
  }
  return eb.val(true);
}

// ---- what a user sees -------------------------------------------------------------------------------

/** Addressed to everyone, to one of `departmentIds` (the user's and those above), or to the user. */
function addressedTo(eb: ExpressionBuilder<DB & { a: DB['announcement'] }, 'a'>, userId: string, departmentIds: string[]) {
  return eb.or([
    eb('a.audience_type', '=', 'all'),
    ...(departmentIds.length
      ? [
          eb.and([
            eb('a.audience_type', '=', 'departments'),
            eb.exists(
              eb
                .selectFrom('announcement_department as ad')
                .select('ad.department_id')
                .whereRef('ad.announcement_id', '=', 'a.id')
                .where('ad.department_id', 'in', departmentIds),
            ),
          ]),
        ]
      : []),
    eb.and([
      eb('a.audience_type', '=', 'users'),
      eb.exists(eb.selectFrom('announcement_user as au').select('au.user_id').whereRef('au.announcement_id', '=', 'a.id').where('au.user_id', '=', userId)),
    ]),
  ]);
}

/** Who is looking: the user and their department scope (departmentsWithAncestors). */
export interface Viewer {
  userId: string;
  departmentIds: string[];
}

function visibleTo(db: Kysely<DB>, companyId: string, viewer: Viewer) {
  return db
    .selectFrom('announcement as a')
    .leftJoin('app_user as s', 's.id', 'a.sender_id')
    .leftJoin('announcement_read as r', (j) => j.onRef('r.announcement_id', '=', 'a.id').on('r.user_id', '=', viewer.userId))
    .where('a.company_id', '=', companyId)
    .where('a.status', '=', 'published')
    .where((eb) => addressedTo(eb, viewer.userId, viewer.departmentIds));
}

const noticeColumns = [
  'a.id',
  'a.title',
  'a.content',
  'a.priority',
  'a.open_type',
  'a.open_page',
  'a.bus_id',
  'a.send_time',
  's.first_name as sender_name',
  'r.read_time',
] as const;

export type NoticeRow = Awaited<ReturnType<typeof findVisible>> & object;

/** A published announcement addressed to the user, with the user's read time. */
export function findVisible(db: Kysely<DB>, companyId: string, viewer: Viewer, id: string) {
  return visibleTo(db, companyId, viewer).select(noticeColumns).where('a.id', '=', id).executeTakeFirst();
}

export async function unreadFor(db: Kysely<DB>, companyId: string, viewer: Viewer, limit: number): Promise<{ rows: NoticeRow[]; total: number }> {
  const query = visibleTo(db, companyId, viewer).where('r.user_id', 'is', null);
  const [rows, count] = await Promise.all([
    query.select(noticeColumns).orderBy('a.send_time', 'desc').orderBy('a.id').limit(limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function markRead(db: Kysely<DB>, announcementId: string, userId: string): Promise<void> {
  await db
    .insertInto('announcement_read')
    .values({ announcement_id: announcementId, user_id: userId })
    .onConflict((oc) => oc.columns(['announcement_id', 'user_id']).doNothing())
    .execute();
}

// ---- 阅读记录 ---------------------------------------------------------------------------------------

export async function pageReadRecords(
  db: Kysely<DB>,
  companyId: string,
  announcement: { id: string; audience_type: AudienceType },
  q: { pageNo: number; pageSize: number; readFlag?: '0' | '1'; column?: 'username' | 'readTime'; order?: 'asc' | 'desc' },
) {
  const id = announcement.id;
  let query = db
    .selectFrom('app_user as u')
    .innerJoin('user_company as uc', (j) => j.onRef('uc.user_id', '=', 'u.id').on('uc.company_id', '=', companyId))
    .leftJoin('announcement_read as r', (j) => j.onRef('r.user_id', '=', 'u.id').on('r.announcement_id', '=', id))
    .leftJoin('department as d', 'd.id', 'u.department_id')
    // Disabled users are left out unless they read it while they could.
    .where((eb) => eb.or([eb('u.status', '=', 'enabled'), eb('r.user_id', 'is not', null)]));
  const departmentIds = announcement.audience_type === 'departments' ? await audienceDepartmentIds(db, id) : [];
  query = query.where((eb) => inAudience(eb, announcement, departmentIds));
  if (q.readFlag === '1') query = query.where('r.user_id', 'is not', null);
  if (q.readFlag === '0') query = query.where('r.user_id', 'is', null);
  const sort = q.column === 'readTime' ? 'r.read_time' : 'u.username';
  const [rows, count] = await Promise.all([
    query
      .select(['u.id', 'u.username', 'u.first_name', 'd.name as department_name', 'r.read_time'])
      .orderBy(sort, q.order ?? (q.column === 'readTime' ? 'desc' : 'asc'))
      .orderBy('u.id')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

// ---- audience pickers ---------------------------------------------------------------------------------

export function companyDepartments(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('department').select(['id', 'parent_id', 'name']).where('company_id', '=', companyId).where('enabled', '=', true).orderBy('code').execute();
}

export function companyUsers(db: Kysely<DB>, companyId: string, keyword: string | undefined, userIds: string[]) {
  return db
    .selectFrom('app_user as u')
    .innerJoin('user_company as uc', (j) => j.onRef('uc.user_id', '=', 'u.id').on('uc.company_id', '=', companyId))
    .leftJoin('department as d', 'd.id', 'u.department_id')
    .select(['u.id', 'u.username', 'u.first_name', 'd.name as department_name'])
    .where((eb) => {
      const matches = keyword
        ? eb.and([
            eb('u.status', '=', 'enabled'),
            eb.or([eb('u.username', 'ilike', `%${escapeLike(keyword)}%`), eb('u.first_name', 'ilike', `%${escapeLike(keyword)}%`)]),
          ])
        : eb('u.status', '=', 'enabled');
      return userIds.length ? eb.or([matches, eb('u.id', 'in', userIds)]) : matches;
    })
    .orderBy('u.username')
    .limit(50 + userIds.length)
    .execute();
}
