import type { Kysely } from 'kysely';
import { DICT_CODE_PATTERN, isDictEnumCode, type DictOption } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { loadTableOptions, type TableSourceSpec } from './dict-source.repo.js';

export interface DictSourceQuery {
  /** Label (or code) contains this text; already trimmed, never empty when given. */
  keyword?: string;
  /** Only these values (resolving the labels of a field's current value). */
  values?: string[];
  limit: number;
  /** One of the source's `otherFields`, already checked. */
  otherField?: string;
}

/**
 * A table source of dictionary options (`user`, `department`, `store`, `room` …): rows of the caller's
 * company. Requests name the source; its SQL is fixed in code and binds every input as a parameter.
 */
export interface DictSourceDef {
  label: string;
  /** Extra attributes a caller may ask for with `otherField`. */
  otherFields: readonly string[];
  load(db: Kysely<DB>, session: SessionInfo, query: DictSourceQuery): Promise<DictOption[]>;
}

export class DictSourceRegistryError extends Error {}

const sources = new Map<string, DictSourceDef>();

/**
 * Declares a table source under `name`, once, at module load. The name must be a plain code that is
 * not an enum's; registering the same definition again is harmless, another one is a programming error.
 */
export function registerDictSource(name: string, def: DictSourceDef): DictSourceDef {
  if (!DICT_CODE_PATTERN.test(name)) throw new DictSourceRegistryError(`Dictionary source name ${JSON.stringify(name)} is not a plain code`);
  if (isDictEnumCode(name)) throw new DictSourceRegistryError(`Dictionary source ${name} would hide the enum of that code`);
  const existing = sources.get(name);
  if (existing && existing !== def) throw new DictSourceRegistryError(`Dictionary source ${name} is registered twice`);
  sources.set(name, def);
  return def;
}

/**
 * The usual source: rows of one table of the company. Every identifier is fixed in code and checked
 * to be a plain (optionally qualified) name; requests only ever supply bound values.
 */
export function tableDictSource(spec: TableSourceSpec & { label: string }): DictSourceDef {
  const identifiers = [spec.table, spec.value, spec.text, spec.companyColumn, spec.enabledColumn, spec.orderBy, ...(spec.searchColumns ?? []), ...Object.values(spec.otherFields ?? {})];
  for (const id of identifiers) {
    if (id !== undefined && !/^[a-z_][a-z0-9_]*$/.test(id)) throw new DictSourceRegistryError(`Dictionary source identifier ${JSON.stringify(id)} is not a plain name`);
  }
  return {
    label: spec.label,
    otherFields: Object.keys(spec.otherFields ?? {}),
    load: (db, session, query) => loadTableOptions(db, spec, session.companyId, query),
  };
}

export function findDictSource(name: string): DictSourceDef | undefined {
  return sources.get(name);
}

export function dictSourceNames(): string[] {
  return [...sources.keys()].sort();
}
