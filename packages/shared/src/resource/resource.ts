import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { columnOf, type FieldDef } from './field.js';

export type Fields = Record<string, FieldDef>;

/** A rule across fields (合作结束日期不能早于开始日期 …), checked on add and edit. */
export interface CrossFieldRule<F extends Fields> {
  check: (values: ResourceInput<F>) => boolean;
  message: string;
  /** The field the message belongs to. */
  path: keyof F & string;
}

export interface ResourceSpec<F extends Fields, X extends keyof F & string = never, D extends z.ZodRawShape = Record<never, never>> {
  /** The module's name (`channel`), also its data-rule resource. */
  name: string;
  /** The table; every row carries id, company_id, version and the audit columns. */
  table: string;
  /** What one row is called (渠道). */
  label: string;
  fields: F;
  rules?: CrossFieldRule<F>[];
  /** The list's order when the caller picks none (also the order of options). */
  defaultSort?: { key: SortKey<F>; order: 'asc' | 'desc' };
  /** Fields set on add and never changed (a code other modules refer to): not in the edit rule. */
  fixed?: readonly X[];
  /** Values the server derives for a record (not stored, not written): added to the record's schema. */
  derived?: D;
  /** The table holds one set of rows for all companies (no company_id column). */
  global?: boolean;
}

// Read-only fields (a status, a send time) are answered but never taken on add or edit.
type WritableKeys<F extends Fields> = { [K in keyof F]: F[K]['readOnly'] extends true ? never : K }[keyof F];
type InputShape<F extends Fields> = { [K in WritableKeys<F>]: F[K]['input'] };
type OutputShape<F extends Fields> = { [K in keyof F]: F[K]['output'] };
type SortableKeys<F extends Fields> = { [K in keyof F]: F[K]['sort'] extends false ? never : K }[keyof F] & string;
export type SortKey<F extends Fields> = SortableKeys<F> | 'createdAt';

// Every field may be a filter as far as types go; the schema accepts the searchable ones only.
type FilterShape<F extends Fields> = { [K in keyof F]: z.ZodOptional<F[K]['kind'] extends 'bool' ? z.ZodBoolean : z.ZodString> };

export type ResourceInput<F extends Fields> = z.output<z.ZodObject<InputShape<F>>>;

const recordBase = { id: z.string(), version: z.number().int(), createdAt: z.string(), updatedAt: z.string() };
type RecordShape<F extends Fields> = typeof recordBase & OutputShape<F>;

// Filters the database compares as numbers or dates: anything else is refused here, not by PostgreSQL.
const FILTER_PATTERNS: Partial<Record<FieldDef['kind'], RegExp>> = {
  int: /^-?\d{1,9}$/,
  money: /^-?\d{1,12}(\.\d{1,2})?$/,
  percent: /^-?\d{1,3}(\.\d{1,2})?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
};
const isRealDate = (value: string) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const filterSchema = (def: FieldDef) => {
  if (def.kind === 'bool') return z.boolean().optional();
  // A field of fixed values filters by those values only.
  if (def.output instanceof z.ZodEnum) return def.output.optional();
  const text = z.string().trim().max(def.kind === 'dict' ? 64 : 100);
  // A reference (an id …) filters by text its own rule accepts (its default never becomes a filter).
  if (def.kind === 'value') {
    return text
      .superRefine((value, ctx) => {
        const parsed = value === '' ? undefined : def.input.safeParse(value);
        if (parsed && !parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? `${def.label}格式不正确` });
      })
      .optional();
  }
  const pattern = FILTER_PATTERNS[def.kind];
  if (!pattern) return text.optional();
  const valid = (value: string) => value === '' || (pattern.test(value) && (def.kind !== 'date' || isRealDate(value)));
  return text.refine(valid, { message: `${def.label}格式不正确` }).optional();
};

/**
 * A resource: one definition of a module's fields, from which both sides derive the record, the add
 * and edit rules, the list query (filters, allowed sort keys), export columns and the web's table and
 * form. Adding a field is one line here plus its migration.
 */
export function defineResource<F extends Fields, const X extends keyof F & string = never, D extends z.ZodRawShape = Record<never, never>>(spec: ResourceSpec<F, X, D>) {
  const entries = Object.entries(spec.fields) as [keyof F & string, FieldDef][];
  const inputShape = Object.fromEntries(entries.filter(([, d]) => !d.readOnly).map(([k, d]) => [k, d.input])) as InputShape<F>;
  const outputShape = Object.fromEntries(entries.map(([k, d]) => [k, d.output])) as OutputShape<F>;
  const sortKeys = ['createdAt', ...entries.filter(([, d]) => d.sort).map(([k]) => k)] as [SortKey<F>, ...SortKey<F>[]];
  const searchKeys = entries.filter(([, d]) => d.search).map(([k]) => k);
  const filterShape = Object.fromEntries(entries.filter(([, d]) => d.search).map(([k, d]) => [k, filterSchema(d)]));

  const refine = <S extends z.ZodObject>(schema: S): S => {
    let refined = schema;
    for (const rule of spec.rules ?? []) {
      refined = refined.refine((v) => rule.check(v as ResourceInput<F>), { message: rule.message, path: [rule.path] }) as S;
    }
    return refined;
  };

  const fixed: readonly string[] = spec.fixed ?? [];
  const editShape = Object.fromEntries(Object.entries(inputShape).filter(([k]) => !fixed.includes(k))) as Omit<InputShape<F>, X>;
  // Fields the module keeps outside the table have no column: the kit neither selects nor writes them.
  const columns = Object.fromEntries(entries.filter(([, d]) => d.stored !== false).map(([k, d]) => [k, columnOf(k, d)])) as Record<keyof F & string, string>;
  const record = z.object({ ...recordBase, ...outputShape, ...spec.derived } as RecordShape<F> & D);
  const create = refine(z.object(inputShape));
  const edit = refine(z.object({ id: z.uuid({ message: `缺少${spec.label}ID` }), version: z.number().int().min(1), ...editShape }));
  const listQuery = pageQuerySchema.extend({
    column: z.enum(sortKeys, { message: '不支持的排序字段' }).optional(),
    ...(filterShape as FilterShape<F>),
  });

  return {
    name: spec.name,
    table: spec.table,
    label: spec.label,
    fields: spec.fields,
    defaultSort: spec.defaultSort,
    global: spec.global ?? false,
    fixed,
    /** Fields in their declared order (table columns, form items, export columns). */
    entries,
    /** The stored fields' columns. */
    columns,
    sortKeys,
    searchKeys,
    record,
    create,
    edit,
    listQuery,
    page: pageResultSchema(record),
  };
}

export type Resource<F extends Fields = Fields> = ReturnType<typeof defineResource<F>>;

/** What the kits need of any resource (its field types erased). */
export interface AnyResource {
  name: string;
  table: string;
  label: string;
  fields: Fields;
  defaultSort?: { key: string; order: 'asc' | 'desc' };
  /** Optional for resources built before these existed. */
  global?: boolean;
  fixed?: readonly string[];
  entries: [string, FieldDef][];
  columns: Record<string, string>;
  sortKeys: readonly string[];
  searchKeys: string[];
  record: z.ZodObject;
  create: z.ZodObject;
  edit: z.ZodObject;
  listQuery: z.ZodObject;
  page: z.ZodObject;
}
export type RecordOf<R extends AnyResource> = z.infer<R['record']>;
export type CreateOf<R extends AnyResource> = z.infer<R['create']>;
export type EditOf<R extends AnyResource> = z.infer<R['edit']>;
export type ListQueryOf<R extends AnyResource> = z.infer<R['listQuery']>;
