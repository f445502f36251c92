import type { Kysely } from 'kysely';
import {
  DATA_RULE_CONDITIONS_BY_TYPE,
  DataRuleText,
  toPageResult,
  type DataRule,
  type DataRuleCreate,
  type DataRuleEdit,
  type DataRuleListQuery,
  type DataRuleResource,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { ruleProblem } from '../../platform/data-rules/apply.js';
import { findDataRuleResource, listDataRuleResources, type RegisteredResource } from '../../platform/data-rules/registry.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import * as repo from './data-rule.repo.js';
import { recordMapper } from '../../platform/db/records.js';

/** 数据规则 administration; rules live in the administrator's company. */
export async function rulesOfPermission(db: Kysely<DB>, session: SessionInfo, permissionId: string): Promise<DataRule[]> {
  return (await repo.listRulesOfPermission(db, session.companyId, permissionId)).map(toDataRule);
}

export async function pageRules(db: Kysely<DB>, session: SessionInfo, q: DataRuleListQuery): Promise<PageResult<DataRule>> {
  const { rows, total } = await repo.pageRules(db, session.companyId, q);
  return toPageResult(rows.map(toDataRule), total, q);
}

export async function addRule(db: Kysely<DB>, session: SessionInfo, input: DataRuleCreate): Promise<DataRule> {
  const values = await checkedValues(db, input);
  const id = await repo.insertRule(db, session.companyId, session.userId, values);
  return toDataRule((await repo.findRule(db, session.companyId, id))!);
}

export async function editRule(db: Kysely<DB>, session: SessionInfo, input: DataRuleEdit): Promise<DataRule> {
  const current = await repo.findRule(db, session.companyId, input.id);
  if (!current) throw new NotFound();
  if (current.version !== input.version) throw new StaleVersion();
  const values = await checkedValues(db, input);
  // The version is checked again by the update itself, so a concurrent edit still loses cleanly.
  if (!(await repo.updateRule(db, session.companyId, session.userId, input.id, input.version, values))) {
    if (await repo.findRule(db, session.companyId, input.id)) throw new StaleVersion();
    throw new NotFound();
  }
  return toDataRule((await repo.findRule(db, session.companyId, input.id))!);
}

export async function deleteRule(db: Kysely<DB>, session: SessionInfo, id: string): Promise<null> {
  if (!(await repo.deleteRule(db, session.companyId, id))) throw new NotFound();
  return null;
}

/** The registered columns of one resource, or of all of them, for the editor's selects. */
export function registeredColumns(resource: string | undefined): DataRuleResource[] {
  const found = resource ? [findDataRuleResource(resource)] : listDataRuleResources();
  if (found.some((r) => !r)) throw new BizError(DataRuleText.unknownResource);
  return (found as RegisteredResource[]).map((r) => ({
    resource: r.resource,
    label: r.label,
    columns: [...r.columns.values()].map((c) => ({ columnKey: c.key, label: c.label, type: c.type, conditions: [...DATA_RULE_CONDITIONS_BY_TYPE[c.type]] })),
  }));
}

/** The request names a registered resource and column key only; anything else is refused here. */
async function checkedValues(db: Kysely<DB>, input: DataRuleCreate) {
  const resource = findDataRuleResource(input.resource);
  if (!resource) throw new BizError(DataRuleText.unknownResource);
  const column = resource.columns.get(input.columnKey);
  if (!column) throw new BizError(`${DataRuleText.unknownColumn}：${resource.label}`);
  const problem = await ruleProblem(column, input.condition, input.value);
  if (problem) throw new BizError(problem);
  if (!(await repo.permissionExists(db, input.permissionId))) throw new BizError(DataRuleText.unknownPermission);
  return {
    permission_id: input.permissionId,
    resource: resource.resource,
    name: input.name,
    column_key: column.key,
    condition: input.condition,
    // A valueless condition keeps no stale value.
    value: input.condition === 'IS_NULL' || input.condition === 'NOT_NULL' ? '' : input.value,
    enabled: input.enabled,
  };
}

const ruleFields = recordMapper<Omit<DataRule, 'columnLabel'>>();

function toDataRule(row: repo.RuleRow): DataRule {
  return { ...ruleFields(row), columnLabel: findDataRuleResource(row.resource)?.columns.get(row.column_key)?.label ?? '' };
}
