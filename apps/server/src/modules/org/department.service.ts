import { sql, type Kysely } from 'kysely';
import { DepartmentText, type Department, type DepartmentCreate, type DepartmentEdit, type DepartmentTreeNode } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { withDataRules } from '../../platform/data-rules/index.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import * as repo from './department.repo.js';
import { recordMapper } from '../../platform/db/records.js';

const MENU = '/system/department';

function scopeOf(db: Kysely<DB>, session: SessionInfo) {
  return withDataRules(db, { resource: repo.departmentRules, permission: MENU, session });
}

export async function children(db: Kysely<DB>, session: SessionInfo, parentId: string | null): Promise<Department[]> {
  return (await repo.listChildren(db, session.companyId, await scopeOf(db, session), parentId)).map(toDepartment);
}

/** The visible departments as a tree; one whose parent is not visible becomes a root. */
export async function tree(db: Kysely<DB>, session: SessionInfo): Promise<DepartmentTreeNode[]> {
  const rows = await repo.listAll(db, session.companyId, await scopeOf(db, session));
  const nodes = new Map(rows.map((r) => [r.id, { key: r.id, value: r.id, title: r.name, code: r.code, children: [] as DepartmentTreeNode[] }]));
  const roots: DepartmentTreeNode[] = [];
  for (const row of rows) {
    const parent = row.parent_id ? nodes.get(row.parent_id) : undefined;
    (parent ? parent.children : roots).push(nodes.get(row.id)!);
  }
  return roots;
}

export async function addDepartment(db: Kysely<DB>, session: SessionInfo, input: DepartmentCreate): Promise<Department> {
  const parentId = input.parentId ?? null;
  const scope = await scopeOf(db, session);
  const id = await db.transaction().execute(async (trx) => {
    await repo.lockCompanyDepartments(trx, session.companyId);
    let prefix = '';
    if (parentId) {
      // Only under a department the caller's data rules let them see.
      const parent = await repo.findDepartment(trx, session.companyId, scope, parentId);
      if (!parent) throw new BizError(DepartmentText.parentMissing);
      prefix = parent.code;
    }
    const headUserId = input.headUserId ?? null;
    await checkHead(trx, session, headUserId);
    const code = nextSiblingCode(prefix, await repo.siblingCodes(trx, session.companyId, parentId));
    return repo.insertDepartment(trx, session.companyId, session.userId, { parentId, code, name: input.name, sort: input.sort, enabled: input.enabled, headUserId });
  });
  return toDepartment((await repo.findDepartment(db, session.companyId, scope, id)) ?? (await unscoped(db, session, id)));
}

export async function editDepartment(db: Kysely<DB>, session: SessionInfo, input: DepartmentEdit): Promise<Department> {
  const scope = await scopeOf(db, session);
  const current = await repo.findDepartment(db, session.companyId, scope, input.id);
  if (!current) throw new NotFound();
  if (current.version !== input.version) throw new StaleVersion();
  // An edit form that does not show the head leaves it as it is.
  const headUserId = input.headUserId === undefined ? current.head_user_id : input.headUserId;
  if (headUserId !== current.head_user_id) await checkHead(db, session, headUserId);
  const values = { name: input.name, sort: input.sort, enabled: input.enabled, head_user_id: headUserId };
  if (!(await repo.updateDepartment(db, session.companyId, scope, session.userId, input.id, input.version, values))) {
    if (await repo.findDepartment(db, session.companyId, scope, input.id)) throw new StaleVersion();
    throw new NotFound();
  }
  return toDepartment((await repo.findDepartment(db, session.companyId, scope, input.id))!);
}

export async function deleteDepartment(db: Kysely<DB>, session: SessionInfo, id: string): Promise<null> {
  const scope = await scopeOf(db, session);
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findDepartment(trx, session.companyId, scope, id))) throw new NotFound();
    if (await repo.hasChildren(trx, id)) throw new BizError(DepartmentText.hasChildren);
    if (await repo.hasUsers(trx, id)) throw new BizError(DepartmentText.hasUsers);
    if (!(await repo.deleteDepartment(trx, session.companyId, id))) throw new NotFound();
  });
  return null;
}

async function checkHead(db: Kysely<DB>, session: SessionInfo, headUserId: string | null): Promise<void> {
  if (headUserId && !(await repo.userInCompany(db, session.companyId, headUserId))) throw new BizError(DepartmentText.headMissing);
}

/** `prefix` + A + the next two-digit number after the highest sibling (A01, A02 …). */
export function nextSiblingCode(prefix: string, siblings: string[]): string {
  let max = 0;
  for (const code of siblings) {
    const match = /^A(\d+)$/.exec(code.slice(prefix.length));
    if (code.startsWith(prefix) && match) max = Math.max(max, Number(match[1]));
  }
  return `${prefix}A${String(max + 1).padStart(2, '0')}`;
}

// A department just added under a parent the caller's rules hide is still answered to its creator.
async function unscoped(db: Kysely<DB>, session: SessionInfo, id: string) {
  return (await repo.findDepartment(db, session.companyId, sql<boolean>`true`, id))!;
}

const departmentFields = recordMapper<Department>();

function toDepartment({ has_children, ...row }: repo.DepartmentRow): Department {
  return departmentFields({ ...row, has_children: Boolean(has_children) });
}
