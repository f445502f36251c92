import type { Kysely } from 'kysely';
import { DATA_RULE_VARIABLES, formatDateTime, type DataRuleVariable } from '@care/shared';
import type { SessionInfo } from '../auth/request-session.js';
import type { DB } from '../db/schema.js';

/** What the variables of one request resolve to. */
export interface VariableValues {
  userId: string;
  username: string;
  companyId: string;
  departmentId: string | null;
  /** Hierarchical code of the session's department (A01A02 …); null without one. */
  orgCode: string | null;
  /** Loaded only when a rule uses `#{sys_store_ids}`. */
  storeIds: () => Promise<string[]>;
  now: Date;
}

const VARIABLE = /#\{([^}]*)\}/g;
const KNOWN = new Set<string>(DATA_RULE_VARIABLES);

/** Names written as `#{…}` that are not variables (a rule using one is refused). */
export function unknownVariables(value: string): string[] {
  return [...value.matchAll(VARIABLE)].map((m) => m[1]!).filter((name) => !KNOWN.has(name));
}

export function usesVariable(value: string, name: DataRuleVariable): boolean {
  return value.includes(`#{${name}}`);
}

/**
 * The value with every `#{variable}` replaced (lists joined by commas, for IN). Null when a variable
 * has no value for this user (e.g. no current department): the rule then matches nothing.
 */
export async function substituteVariables(value: string, vars: VariableValues): Promise<string | null> {
  if (!value.includes('#{')) return value;
  const storeIds = usesVariable(value, 'sys_store_ids') ? await vars.storeIds() : [];
  let missing = false;
  const text = value.replace(VARIABLE, (_whole, name: string) => {
    const resolved = resolve(name, vars, storeIds);
    if (resolved === null) missing = true;
    return resolved ?? '';
  });
  return missing ? null : text;
}

function resolve(name: string, vars: VariableValues, storeIds: string[]): string | null {
  switch (name as DataRuleVariable) {
    case 'sys_user_id':
      return vars.userId;
    case 'sys_user_code':
      return vars.username;
    case 'sys_org_code':
      return vars.orgCode;
    case 'sys_org_id':
      return vars.departmentId;
    case 'sys_company_id':
      return vars.companyId;
    case 'sys_store_ids':
      return storeIds.join(',');
    case 'sys_date':
      return formatDateTime(vars.now, 'YYYY-MM-DD');
    case 'sys_time':
      return formatDateTime(vars.now, 'YYYY-MM-DD HH:mm:ss');
    default:
      return null;
  }
}

/** Ids of the stores a user works in; stores do not exist yet, so nobody has any. */
export type StoreIdsProvider = (db: Kysely<DB>, session: SessionInfo) => Promise<string[]>;

let storeIdsProvider: StoreIdsProvider = async () => [];

/**
 * The store module installs its lookup here when it lands. Until then `#{sys_store_ids}` is an empty
 * list, so an `IN #{sys_store_ids}` rule shows nothing (closed, never open). Returns the previous provider.
 */
export function setStoreIdsProvider(provider: StoreIdsProvider): StoreIdsProvider {
  const previous = storeIdsProvider;
  storeIdsProvider = provider;
  return previous;
}

export function storeIdsOf(db: Kysely<DB>, session: SessionInfo): Promise<string[]> {
  return storeIdsProvider(db, session);
}
