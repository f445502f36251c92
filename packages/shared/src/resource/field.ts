import { z } from 'zod';
import { dateSchema, type DateWindow } from '../validation/date-rule.js';
import { inDict } from '../validation/dict-value.js';

/** How a field is shown and edited: the web picks its widget, the server its filter and cell. */
export type FieldKind = 'text' | 'textarea' | 'int' | 'money' | 'percent' | 'date' | 'datetime' | 'bool' | 'dict' | 'json' | 'value';

/** How a list filters on a field: contains, starts with, or equals. */
export type SearchMode = 'like' | 'prefix' | 'eq';

/**
 * One field of a resource: its label, rule, and where it appears. Everything else (the list query,
 * export columns, import template, data-rule labels, the web's table column and form item) is derived.
 */
export interface FieldDef<TInput extends z.ZodType = z.ZodType, TOutput extends z.ZodType = z.ZodType> {
  kind: FieldKind;
  /** The Chinese label (列名, 表单项, 导出表头). */
  label: string;
  /** The rule of add and edit, with its Chinese messages. */
  input: TInput;
  /** The value in a record (what the list and queryById return). */
  output: TOutput;
  /** Database column; snake_case of the key when not given. */
  column?: string;
  /** Dictionary code (`kind: 'dict'`): select options, tags, export text. */
  dict?: string;
  required: boolean;
  /** Largest text length (the form's maxLength). */
  max?: number;
  /** A column of the table. */
  list: boolean;
  search: SearchMode | false;
  sort: boolean;
  export: boolean;
  /** Empty values sort last (nullable columns). */
  nullable: boolean;
  /** Set by the server only (a status its actions move, a send time): in the record, never in add or edit. */
  readOnly: boolean;
  /** false: not a column of the table; the module keeps it elsewhere (a join table, a count) and answers it in `enrich`. */
  stored: boolean;
}

interface Common {
  required?: boolean;
  list?: boolean;
  search?: SearchMode | false;
  sort?: boolean;
  export?: boolean;
  column?: string;
  /** false: kept by the module outside the table (see FieldDef.stored). */
  stored?: boolean;
}

const common = (o: Common, search: SearchMode | false) => ({
  required: o.required ?? false,
  list: o.list ?? true,
  search: o.search ?? search,
  sort: o.sort ?? false,
  export: o.export ?? o.list ?? true,
  readOnly: false as const,
  stored: o.stored ?? true,
  ...(o.column ? { column: o.column } : {}),
});

function textRule(label: string, o: { required?: boolean; max: number; pattern?: [RegExp, string] }) {
  // A required text names its absence like its emptiness (请输入…!).
  let rule = z.string(o.required ? { error: `请输入${label}!` } : undefined).trim();
  if (o.required) rule = rule.min(1, `请输入${label}!`);
  rule = rule.max(o.max, `${label}不能超过${o.max}个字符`);
  if (o.pattern) rule = rule.regex(o.pattern[0], o.pattern[1]);
  return rule;
}

type TextOptions = Common & { max?: number; pattern?: [RegExp, string] };

/** Builders of the usual fields, with the product's Chinese messages (请输入…!, …不能超过N个字符). */
export const field = {
  text(label: string, o: TextOptions = {}) {
    const max = o.max ?? 100;
    const rule = textRule(label, { ...o, max });
    return {
      kind: 'text' as const, label, max, nullable: false,
      input: o.required ? rule : rule.default(''),
      output: z.string(),
      ...common(o, 'like'),
    } satisfies FieldDef;
  },

  /** A code: letters, digits, `_` and `-`. */
  code(label: string, o: TextOptions = {}) {
    return field.text(label, { max: 32, pattern: [/^[A-Za-z0-9_-]+$/, `${label}只能包含字母、数字、_ 和 -`], sort: true, ...o });
  },

  textarea(label: string, o: TextOptions = {}) {
    return { ...field.text(label, { max: 500, search: false, ...o }), kind: 'textarea' as const };
  },

  /** A dictionary value (its code names the dictionary); the server checks it is one of the dictionary's. */
  dict(label: string, dict: string, o: Common = {}) {
    const rule = z.string().trim();
    const required = inDict(rule.min(1, `请选择${label}!`).max(64), dict, label);
    return {
      kind: 'dict' as const, label, dict, nullable: false,
      input: o.required ? required : inDict(rule.max(64), dict, label).default(''),
      output: z.string(),
      ...common(o, 'eq'),
    } satisfies FieldDef;
  },

  /** One of a fixed enum's codes (its dictionary names them), required and typed. */
  enum<const V extends readonly [string, ...string[]]>(label: string, dict: string, values: V, o: Common = {}) {
    const rule = z.enum(values, { message: `请选择${label}!` });
    return {
      kind: 'dict' as const, label, dict, nullable: false, input: rule, output: rule,
      ...common({ ...o, required: true }, 'eq'),
    } satisfies FieldDef;
  },

  /** A whole number; `required`: no default (请输入…!); `message`: one text for any value out of range. */
  int(label: string, o: Common & { min?: number; max?: number; default?: number; message?: string } = {}) {
    const min = o.min ?? 0;
    const max = o.max ?? 99999;
    const rule = z
      .number({ message: o.required ? `请输入${label}!` : `请输入${label}` })
      .int(`${label}必须是整数`)
      .min(min, o.message ?? `${label}不能小于${min}`)
      .max(max, o.message ?? `${label}不能大于${max}`);
    return {
      kind: 'int' as const, label, nullable: false,
      input: o.required ? rule : rule.default(o.default ?? 0),
      output: z.number().int(),
      ...common(o, false),
    } satisfies FieldDef;
  },

  /** A JSON value (jsonb column) with its own rule; the page brings its widget. Not listed, searched or sorted. */
  json<I extends z.ZodType, O extends z.ZodType>(label: string, input: I, output: O, o: Common = {}) {
    return {
      kind: 'json' as const, label, nullable: false, input, output,
      ...common({ list: false, export: false, ...o }, false),
    } satisfies FieldDef;
  },

  /**
   * A value with its own rule, stored as it is (a reference id, a text[] column …); the page brings
   * its widget. Not listed, searched, sorted or exported.
   */
  value<I extends z.ZodType, O extends z.ZodType>(label: string, input: I, output: O, o: Common & { nullable?: boolean } = {}) {
    return {
      kind: 'value' as const, label, nullable: o.nullable ?? false, input, output,
      ...common({ list: false, export: false, ...o }, false),
    } satisfies FieldDef;
  },

  /** Money with at most two decimals, as exact text (numeric(14,2)). */
  money(label: string, o: Common & { message?: string } = {}) {
    return {
      kind: 'money' as const, label, nullable: false,
      input: decimalText(/^\d{1,12}(\.\d{1,2})?$/, () => true, o.message ?? `${label}必须是最多两位小数的金额`).default('0'),
      output: z.string(),
      ...common(o, false),
    } satisfies FieldDef;
  },

  /** A percentage 0–100 with at most two decimals, as exact text. */
  percent(label: string, o: Common & { message?: string } = {}) {
    return {
      kind: 'percent' as const, label, nullable: false,
      input: decimalText(/^\d{1,3}(\.\d{1,2})?$/, (v) => Number(v) <= 100, o.message ?? `${label}必须在0到100之间，最多两位小数`).default('0'),
      output: z.string(),
      ...common(o, false),
    } satisfies FieldDef;
  },

  /** A calendar date `YYYY-MM-DD`, or empty; `window: 'business'` for a date of the business (2000 … ten years ahead). */
  date(label: string, o: Common & { window?: DateWindow } = {}) {
    return {
      kind: 'date' as const, label, nullable: true,
      input: dateSchema(label, { window: o.window ?? 'any' }).nullable().default(null),
      output: z.string().nullable(),
      ...common(o, false),
    } satisfies FieldDef;
  },

  /** An instant, answered as `YYYY-MM-DD HH:mm:ss`; set by the server (read-only). Nullable unless `nullable: false`. */
  datetime<const N extends boolean = true>(label: string, o: Common & { nullable?: N } = {}) {
    const output = (o.nullable === false ? z.string() : z.string().nullable()) as N extends false ? z.ZodString : z.ZodNullable<z.ZodString>;
    return field.readOnly({
      kind: 'datetime' as const, label, nullable: o.nullable !== false, input: output, output,
      ...common(o, false),
    } satisfies FieldDef);
  },

  /** The field set by the server only: in the record, list, filters and sorts, never in add or edit (nor the form). */
  readOnly<D extends FieldDef>(def: D): Omit<D, 'readOnly' | 'input'> & { readOnly: true; input: D['output'] } {
    return { ...def, readOnly: true, input: def.output };
  },

  bool(label: string, o: Common & { default?: boolean } = {}) {
    return {
      kind: 'bool' as const, label, nullable: false,
      input: z.boolean({ message: `请选择${label}` }).default(o.default ?? true),
      output: z.boolean(),
      ...common(o, 'eq'),
    } satisfies FieldDef;
  },
};

function decimalText(pattern: RegExp, bound: (v: string) => boolean, message: string) {
  return z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => pattern.test(v) && bound(v), message);
}

/** `costPerMonth` → `cost_per_month`. */
export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function columnOf(key: string, def: Pick<FieldDef, 'column'>): string {
  return def.column ?? snakeCase(key);
}
