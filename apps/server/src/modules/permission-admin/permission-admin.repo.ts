import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { updateVersionedRow } from '../../platform/db/company-rows.js';

const nodeColumns = [
  'p.id', 'p.parent_id', 'p.menu_type', 'p.name', 'p.path', 'p.route_name', 'p.component', 'p.redirect', 'p.icon', 'p.url',
  'p.is_route', 'p.hidden', 'p.always_show', 'p.keep_alive', 'p.internal_or_external', 'p.sort', 'p.action', 'p.auth_type',
  'p.status', 'p.version', 'p.created_at', 'p.updated_at',
] as const;

function nodes(db: Kysely<DB>) {
  return db
    .selectFrom('sys_permission as p')
    .select(nodeColumns)
    .select((eb) => eb.exists(eb.selectFrom('sys_permission as c').select('c.id').whereRef('c.parent_id', '=', 'p.id')).as('has_children'));
}

export type NodeRow = Awaited<ReturnType<typeof findNode>> & object;

export function findNode(db: Kysely<DB>, id: string) {
  return nodes(db).where('p.id', '=', id).executeTakeFirst();
}

/** Children of the given parents (null: the top level), in menu order. */
export function listChildren(db: Kysely<DB>, parentIds: string[] | null) {
  const query = nodes(db);
  return (parentIds ? query.where('p.parent_id', 'in', parentIds) : query.where('p.parent_id', 'is', null)).orderBy('p.sort').orderBy('p.name').orderBy('p.id').execute();
}

/** Every node; the tree is product reference data of a few hundred rows. */
export function listAll(db: Kysely<DB>) {
  return nodes(db).orderBy('p.sort').orderBy('p.name').orderBy('p.id').execute();
}

/** Ids of the node and everything below it. */
export async function subtreeIds(db: Kysely<DB>, id: string): Promise<Set<string>> {
  const result = await sql<{ id: string }>`
    with recursive sub(id) as (
      select id from sys_permission where id = ${id}
      union
      select p.id from sys_permission p join sub on p.parent_id = sub.id
    )
    select id from sub`.execute(db);
  return new Set(result.rows.map((r) => r.id));
}

export async function pathTaken(db: Kysely<DB>, path: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('sys_permission').select('id').where('path', '=', path).where('menu_type', 'in', [0, 1]);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export async function actionTaken(db: Kysely<DB>, action: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('sys_permission').select('id').where('action', '=', action);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export async function hasChildren(db: Kysely<DB>, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('sys_permission').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst());
}

export interface NodeValues {
  parent_id: string | null;
  menu_type: 0 | 1 | 2;
  name: string;
  path: string | null;
  route_name: string | null;
  component: string | null;
  redirect: string | null;
  icon: string | null;
  url: string | null;
  is_route: boolean;
  hidden: boolean;
  always_show: boolean;
  keep_alive: boolean;
  internal_or_external: boolean;
  sort: number;
  action: string | null;
  auth_type: '1' | '2';
  status: '0' | '1';
}

export async function insertNode(db: Kysely<DB>, userId: string, values: NodeValues): Promise<string> {
  const row = await db
    .insertInto('sys_permission')
    .values({ ...values, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates only when `version` is current; answers whether a row changed. */
export function updateNode(db: Kysely<DB>, userId: string, id: string, version: number, values: NodeValues): Promise<boolean> {
  return updateVersionedRow(db, 'sys_permission', { id, userId, version }, values);
}

/** Group grants and data rules of the node go with it (on delete cascade). */
export async function deleteNode(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sys_permission').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

