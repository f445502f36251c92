import { sql, type Kysely } from 'kysely';
import { Permission, type DataRuleCondition } from '@care/shared';
import { executePrepared } from '../db/prepared.js';
import type { DB } from '../db/schema.js';

export interface LoadedRule {
  resource: string;
  column_key: string;
  condition: DataRuleCondition;
  value: string;
}

export interface LoadedRules {
  /** Holds `allhrdata` or belongs to a super group in the company: no rule applies. */
  exempt: boolean;
  /** Hierarchical code of the session's department, for `#{sys_org_code}`. */
  orgCode: string | null;
  /** The enabled rules of the permission in the company (none when exempt). */
  rules: LoadedRule[];
  /** No menu or button answers to the permission (deleted, or its path changed): nothing passes. */
  missing: boolean;
}

/**
 * One round trip: whether the user is exempt (a group holding `allhrdata`, a super group, or
 * `allhrdata` open to all), the department code for the variables, and the enabled rules in the
 * company of `scopeButton` when the user holds it through an enabled group, else of `permission` (a
 * menu path `/system/user` or an action `system:user:list`).
 */
export async function loadDataRules(
  db: Kysely<DB>,
  who: { userId: string; companyId: string; departmentId: string | null; permission: string; scopeButton: string | null },
): Promise<LoadedRules> {
  const allHrData = Permission.allHrData;
  const permissionMatch = who.permission.startsWith('/')
    ? sql`p.path = ${who.permission} and p.menu_type in (0, 1)`
    : sql`p.action = ${who.permission}`;
  const query = sql<{ exempt: boolean; org_code: string | null; found: boolean } & { [K in keyof LoadedRule]: LoadedRule[K] | null }>`
    with scope as (
      select
        (exists (
           select 1 from user_security_group ug
           join security_group g on g.id = ug.group_id and g.enabled and g.company_id = ${who.companyId}
           where ug.user_id = ${who.userId} and (
             g.all_permissions or exists (
               select 1 from security_group_permission gp
               join sys_permission p on p.id = gp.permission_id
               where gp.group_id = g.id and p.action = ${allHrData}))
         ) or exists (select 1 from sys_permission p where p.action = ${allHrData} and p.status = '0')) as exempt,
        (select d.code from department d where d.id = ${who.departmentId}::uuid and d.company_id = ${who.companyId}) as org_code,
        (${who.scopeButton}::text is not null and exists (
           select 1 from user_security_group ug
           join security_group g on g.id = ug.group_id and g.enabled and g.company_id = ${who.companyId}
           join security_group_permission gp on gp.group_id = g.id
           join sys_permission p on p.id = gp.permission_id
           where ug.user_id = ${who.userId} and p.action = ${who.scopeButton}::text)) as held,
        exists (select 1 from sys_permission p where ${permissionMatch}) as found
    )
    select s.exempt, s.org_code, s.found, r.resource, r.column_key, r.condition, r.value
    from scope s
    left join lateral (
      select r.resource, r.column_key, r.condition, r.value
      from data_rule r
      join sys_permission p on p.id = r.permission_id
      where r.company_id = ${who.companyId} and r.enabled and not s.exempt
        and case when s.held then p.action = ${who.scopeButton}::text else ${permissionMatch} end
    ) r on true`;
  const result = await executePrepared(db, query.compile(db));
  const first = result.rows[0];
  return {
    exempt: first?.exempt ?? false,
    orgCode: first?.org_code ?? null,
    missing: !(first?.found ?? false),
    rules: result.rows
      .filter((r) => r.column_key !== null)
      .map((r) => ({ resource: r.resource!, column_key: r.column_key!, condition: r.condition!, value: r.value! })),
  };
}

