import { z } from 'zod';
import { isCalendarDate } from '../crm/common.js';
import { field, type FieldDef, type SearchMode } from '../resource/field.js';
import { defineResource, type AnyResource } from '../resource/resource.js';
import { isSafeAddress, STORED_FILE_PATH, STORED_UPLOAD_PATH } from '../system/system-config.schema.js';
import type { OnlineField, OnlineForm, OnlineSubTable } from './online-form.schema.js';

/** The schema every generated table lives in. */
export const ONLINE_DATA_SCHEMA = 'online_data';

/** Longest rich text kept (the column is `text`; the configured length does not bound it). */
export const ONLINE_RICHTEXT_MAX = 20_000;
/** Longest upload path or address of an image/file field (varchar(500)). */
export const ONLINE_PATH_MAX = 500;
/** Longest comma-joined list of a checkbox field's codes. */
export const ONLINE_CHECKBOX_MAX = 1000;
/** Largest integer digits the int kind takes (beyond: exact decimal text, a JS number is not exact). */
const INT_DIGITS_MAX = 15;

/** `online_data.<tableName>`: the physical table of a form or one of its child tables. */
export function onlineTable(tableName: string): string {
  return `${ONLINE_DATA_SCHEMA}.${tableName}`;
}

// Every type's search mode when the field is searchable. datetime is never filtered (a free text
// compared with an instant would be an SQL error); numbers, dates and references compare equal
// and their filters are checked by the kit (patterns, the value's own rule).
const SEARCH: Record<OnlineField['type'], SearchMode | false> = {
  text: 'like', textarea: 'like', richtext: 'like', number: 'eq', money: 'eq', date: 'eq', datetime: false,
  select: 'eq', radio: 'eq', dict: 'eq', checkbox: 'like', switch: 'eq', image: false, file: false,
  user: 'eq', department: 'eq',
};

/** A default value (`ZodDefault` replaced) for a configured text. */
function withDefault(input: z.ZodType, value: unknown): z.ZodType {
  const base = input instanceof z.ZodDefault ? (input.unwrap() as z.ZodType) : input;
  return base.default(value as never);
}

/** Exact decimal text (numeric columns); an optional one left empty is null. */
function decimalRule(label: string, intDigits: number, scale: number, o: { required: boolean; negative: boolean; message: string }) {
  const pattern = new RegExp(`^${o.negative ? '-?' : ''}\\d{1,${Math.max(intDigits, 1)}}${scale > 0 ? `(\\.\\d{1,${scale}})?` : ''}$`);
  const missing = o.required ? `请输入${label}!` : `请输入${label}`;
  return z
    .union([z.string(), z.number()], { message: missing })
    .transform((v) => String(v).trim())
    .refine((v) => (v === '' ? !o.required : pattern.test(v)), { error: (issue) => (issue.input === '' ? missing : o.message) })
    .transform((v) => (v === '' ? null : v));
}

/** `YYYY-MM-DD HH:mm[:ss]` (Asia/Shanghai) → an instant the database takes (`…+08:00`). */
function dateTimeRule(label: string, required: boolean) {
  const message = `${label}不正确`;
  const text = z
    .string(required ? { error: `请选择${label}!` } : undefined)
    .trim()
    // Its own output (`…T08:30:00+08:00`) passes again: a form checks the values it sends.
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?(\+08:00)?$/, message)
    .transform((v) => v.replace(/\+08:00$/, ''))
    .refine((v) => isCalendarDate(v.slice(0, 10)) && Number(v.slice(11, 13)) < 24 && Number(v.slice(14, 16)) < 60 && (v.length === 16 || Number(v.slice(17, 19)) < 60), message)
    .transform((v) => `${v.slice(0, 10)}T${v.slice(11)}${v.length === 16 ? ':00' : ''}+08:00`);
  if (required) return text;
  return z.preprocess((v) => (v === '' ? null : v), text.nullable()).default(null);
}

/** A reference id (user, department) or nothing. */
function uuidRule(label: string, required: boolean) {
  const id = z.uuid({ message: required ? `请选择${label}!` : `${label}格式不正确` });
  if (required) return id;
  return z.preprocess((v) => (v === '' ? null : v), id.nullable()).default(null);
}

/** A checkbox's codes: an array (the form) or comma-joined text (import), stored comma-joined. */
function codesRule(label: string, required: boolean) {
  let text = z.string().trim().max(ONLINE_CHECKBOX_MAX, `${label}选择过多`);
  if (required) text = text.min(1, `请选择${label}!`);
  return z.preprocess(
    (v) => (Array.isArray(v) ? v.map((c) => String(c).trim()).filter((c) => c !== '').join(',') : v),
    text.regex(/^[^,]*(,[^,]+)*$/, `${label}格式不正确`),
  );
}

/** An upload's stored path (an image's, or for a file also a document's) or an http(s) address; never another scheme. */
function pathRule(label: string, required: boolean, kind: 'image' | 'file') {
  let text = z.string().trim().max(ONLINE_PATH_MAX, `${label}不能超过${ONLINE_PATH_MAX}个字符`);
  if (required) text = text.min(1, `请上传${label}!`);
  const stored = kind === 'image' ? STORED_UPLOAD_PATH : STORED_FILE_PATH;
  return text.refine((v) => v === '' || stored.test(v) || isSafeAddress(v), `${label}地址不正确`);
}

/** What a configured default becomes as a value of the field's type (ignored when it is not one). */
function defaultOf(f: OnlineField): { value: unknown } | undefined {
  const text = f.defaultValue.trim();
  if (text === '') return undefined;
  switch (f.type) {
    case 'switch':
      return { value: text === 'true' || text === '1' };
    case 'number':
      return f.scale === 0 && f.length <= INT_DIGITS_MAX ? (/^-?\d+$/.test(text) ? { value: Number(text) } : undefined) : { value: text };
    case 'date':
      return isCalendarDate(text) ? { value: text } : undefined;
    case 'datetime':
    case 'user':
    case 'department':
      // An instant or a reference is not a constant worth configuring; the form leaves it empty.
      return undefined;
    default:
      return { value: text };
  }
}

/**
 * One configured field as a resource field. Kinds the web kit draws itself: text, textarea (also
 * rich text), int, money, date, datetime (writable here), bool, dict; `value` fields (a decimal number
 * beyond money, checkbox codes, image/file paths, user/department ids) get their widget from the page,
 * which knows the configured type (`form.fields[i].type`).
 */
export function onlineFieldDef(f: OnlineField): FieldDef {
  const label = f.label;
  const required = f.required;
  const flags = { required, list: f.list, sort: f.sort, export: f.export, search: f.search ? SEARCH[f.type] : false, column: f.name } as const;
  const value = (input: z.ZodType, output: z.ZodType, o: { nullable?: boolean; dict?: string; max?: number } = {}): FieldDef => ({
    ...field.value(label, input, output, { ...flags, nullable: o.nullable ?? false }),
    ...(o.dict ? { dict: o.dict } : {}),
    ...(o.max ? { max: o.max } : {}),
  });
  let def: FieldDef;
  switch (f.type) {
    case 'text':
      def = field.text(label, { ...flags, max: f.length });
      break;
    case 'textarea':
      def = field.textarea(label, { ...flags, max: f.length });
      break;
    case 'richtext':
      def = field.textarea(label, { ...flags, max: ONLINE_RICHTEXT_MAX });
      break;
    case 'number': {
      if (f.scale === 0 && f.length <= INT_DIGITS_MAX) {
        const bound = 10 ** f.length - 1;
        def = field.int(label, { ...flags, min: -bound, max: bound, message: `${label}不能超过${f.length}位整数` });
      } else {
        const input = decimalRule(label, f.length - f.scale, f.scale, {
          required,
          negative: true,
          message: f.scale > 0 ? `${label}最多${f.length - f.scale}位整数、${f.scale}位小数` : `${label}不能超过${f.length}位整数`,
        });
        def = value(required ? input : input.nullable().default(null), z.string().nullable(), { nullable: true });
      }
      break;
    }
    case 'money': {
      const money = field.money(label, flags);
      def = required ? { ...money, input: decimalRule(label, 12, 2, { required, negative: false, message: `${label}必须是最多两位小数的金额` }) } : money;
      break;
    }
    case 'date': {
      const date = field.date(label, flags);
      def = required ? { ...date, input: z.string({ error: `请选择${label}!` }).trim().min(1, `请选择${label}!`).refine(isCalendarDate, `${label}不正确`) } : date;
      break;
    }
    case 'datetime':
      def = { ...field.datetime(label, flags), readOnly: false, input: dateTimeRule(label, required) };
      break;
    case 'switch':
      def = field.bool(label, { ...flags, default: false });
      break;
    case 'select':
    case 'radio':
    case 'dict':
    {
      const dict = field.dict(label, f.dictCode, flags);
      // A missing value says the same as an empty one (the kit's dict names only the empty one).
      def = required ? { ...dict, input: z.string({ error: `请选择${label}!` }).trim().min(1, `请选择${label}!`).max(64) } : dict;
      break;
    }
    case 'checkbox': {
      const input = codesRule(label, required);
      def = value(required ? input : input.default(''), z.string(), { dict: f.dictCode, max: ONLINE_CHECKBOX_MAX });
      break;
    }
    case 'image':
    case 'file': {
      const input = pathRule(label, required, f.type);
      def = value(required ? input : input.default(''), z.string(), { max: ONLINE_PATH_MAX });
      break;
    }
    case 'user':
    case 'department':
      def = value(uuidRule(label, required), z.string().nullable(), { nullable: true });
      break;
  }
  const dflt = defaultOf(f);
  return dflt ? { ...def, input: withDefault(def.input, dflt.value) } : def;
}

/** The tree columns of 树表 (`pid`: the parent, null for a root; `hasChild`: kept by the server). */
function treeFields(): Record<string, FieldDef> {
  return {
    pid: field.value('上级节点', uuidRule('上级节点', false), z.string().nullable(), { nullable: true, search: 'eq', column: 'pid' }),
    hasChild: field.readOnly(field.bool('是否有子节点', { list: false, export: false, search: false, column: 'has_child' })),
  };
}

type FormPart = Pick<OnlineForm, 'tableName' | 'title' | 'formType' | 'fields'>;
type SubPart = Pick<OnlineSubTable, 'tableName' | 'title' | 'fields'>;

/**
 * The runtime resource of a configured form (or of one of its child tables): the same kind of
 * definition a module writes by hand, so the server kit (crudRepo/crudService: filters, sorts,
 * insert/update columns, export) and the web kit (ResourceTable/ResourceForm: columns, search form,
 * form items and their rules) serve generated pages unchanged. Keys and columns are the configured
 * field names; the table is `online_data.<tableName>`. Rules the browser cannot check (`ruleCode`,
 * the dictionary module's check rules) are checked by the server on add and edit.
 */
export function onlineResource(form: FormPart, table?: SubPart): AnyResource {
  const source = table ?? form;
  const fields: Record<string, FieldDef> = Object.fromEntries(source.fields.map((f) => [f.name, onlineFieldDef(f)]));
  if (!table && form.formType === 'tree') Object.assign(fields, treeFields());
  return defineResource({
    name: source.tableName,
    table: onlineTable(source.tableName),
    label: table ? table.title : form.title,
    fields,
  }) as unknown as AnyResource;
}
