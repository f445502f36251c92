import { sql, type Kysely } from 'kysely';
import { PermissionAdminText } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import { routeNameOf } from '../permission/permission.seed.js';

// Menu entries other modules generate at run time (an online form's page, an online report): written to
// sys_permission like the product menu's seed. Its triggers bump permission_catalog_version and
// access_rules_version, so the menu fetch and the route guard see the change on their next request. The
// start-up seed only inserts entries it never inserted before, so it neither deletes nor undoes these.

export interface GeneratedMenu {
  /** The folder (or menu) the entry goes under. */
  parentPath: string;
  path: string;
  title: string;
  /** The page key of the web's module manifest. */
  component: string;
  buttons: { action: string; title: string }[];
}

/**
 * Inserts the entry and its buttons, or brings an existing entry of that path up to date (title,
 * page, parent, buttons); answers the entry's permission id. Buttons whose action already exists are
 * moved under the entry. Run it inside the caller's transaction.
 */
export async function upsertGeneratedMenu(db: Kysely<DB>, menu: GeneratedMenu): Promise<string> {
  const parent = await db.selectFrom('sys_permission').select('id').where('path', '=', menu.parentPath).where('menu_type', 'in', [0, 1]).executeTakeFirst();
  if (!parent) throw new BizError(PermissionAdminText.parentMissing);
  const existing = await db.selectFrom('sys_permission').select('id').where('path', '=', menu.path).where('menu_type', 'in', [0, 1]).executeTakeFirst();
  let id: string;
  if (existing) {
    id = existing.id;
    await db
      .updateTable('sys_permission')
      .set({ parent_id: parent.id, name: menu.title, component: menu.component, updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .execute();
  } else {
    const sort = await nextSort(db, parent.id);
    id = (
      await db
        .insertInto('sys_permission')
        .values({ parent_id: parent.id, menu_type: 1, name: menu.title, path: menu.path, route_name: routeNameOf(menu.path), component: menu.component, is_route: true, sort })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  await upsertButtons(db, id, menu.buttons);
  return id;
}

/** Hangs the buttons under the menu entry `menuId` (inserting them, or moving and renaming existing ones). */
export async function upsertButtons(db: Kysely<DB>, menuId: string, buttons: { action: string; title: string }[]): Promise<void> {
  for (const [sort, button] of buttons.entries()) {
    const found = await db.selectFrom('sys_permission').select(['id', 'parent_id', 'name']).where('action', '=', button.action).executeTakeFirst();
    if (!found) {
      await db.insertInto('sys_permission').values({ parent_id: menuId, menu_type: 2, name: button.title, action: button.action, sort, is_route: false }).execute();
    } else if (found.parent_id !== menuId || found.name !== button.title) {
      await db.updateTable('sys_permission').set({ parent_id: menuId, name: button.title, sort, updated_at: sql`now()`, version: sql`version + 1` }).where('id', '=', found.id).execute();
    }
  }
}

/** Removes the entry of `path` with everything under it (buttons; grants and data rules go with them). */
export async function removeGeneratedMenu(db: Kysely<DB>, path: string): Promise<void> {
  const entry = await db.selectFrom('sys_permission').select('id').where('path', '=', path).where('menu_type', 'in', [0, 1]).executeTakeFirst();
  if (!entry) return;
  const ids = [entry.id];
  for (let level = [entry.id]; level.length > 0; ) {
    level = (await db.selectFrom('sys_permission').select('id').where('parent_id', 'in', level).execute()).map((r) => r.id);
    ids.push(...level);
  }
  // Deepest first: a node's parent reference has no cascade.
  for (const id of ids.reverse()) await db.deleteFrom('sys_permission').where('id', '=', id).execute();
}

/** Removes the buttons of these actions wherever they hang. */
export async function removeButtons(db: Kysely<DB>, actions: string[]): Promise<void> {
  if (actions.length === 0) return;
  await db.deleteFrom('sys_permission').where('menu_type', '=', 2).where('action', 'in', actions).execute();
}

async function nextSort(db: Kysely<DB>, parentId: string): Promise<number> {
  const row = await db.selectFrom('sys_permission').select(sql<number>`coalesce(max(sort), -1) + 1`.as('sort')).where('parent_id', '=', parentId).executeTakeFirstOrThrow();
  return Number(row.sort);
}
