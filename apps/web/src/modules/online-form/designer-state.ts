import {
  ONLINE_TYPES_WITH_SUBS,
  onlineFormCreateSchema,
  onlineFormEditSchema,
  type OnlineField,
  type OnlineFieldType,
  type OnlineForm,
  type OnlineFormCreate,
  type OnlineFormEdit,
  type OnlineFormType,
  type OnlineIndex,
} from '@care/shared';

/**
 * The designer's state: the shared form input with a stable `key` per row (React keys survive moves
 * and removals) and the numbers as an InputNumber gives them (null when cleared). Pure functions only.
 */
export interface FieldRow {
  key: string;
  name: string;
  label: string;
  type: OnlineFieldType;
  length: number | null;
  scale: number | null;
  required: boolean;
  defaultValue: string;
  ruleCode: string;
  dictCode: string;
  list: boolean;
  search: boolean;
  sort: boolean;
  export: boolean;
}

export interface IndexRow {
  key: string;
  name: string;
  fields: string[];
  unique: boolean;
}

export interface TableDesign {
  fields: FieldRow[];
  indexes: IndexRow[];
}

export interface SubDesign extends TableDesign {
  key: string;
  tableName: string;
  title: string;
  fkField: string;
}

export interface FormDesign extends TableDesign {
  id?: string;
  version?: number;
  tableName: string;
  title: string;
  formType: OnlineFormType;
  treeLabelField: string;
  subs: SubDesign[];
}

let counter = 0;
/** A key unique within the page's life. */
export const rowKey = (prefix: string): string => `${prefix}-${++counter}`;

export const DEFAULT_FIELD_LENGTH = 100;
/** Types whose length the schema reads (text: characters; number: digits). */
export const LENGTH_TYPES: readonly OnlineFieldType[] = ['text', 'textarea', 'number'];
export const SCALE_TYPES: readonly OnlineFieldType[] = ['number'];
/** The sub tables' default column holding the master's id. */
export const DEFAULT_FK_FIELD = 'main_id';

export function newField(): FieldRow {
  return {
    key: rowKey('f'),
    name: '',
    label: '',
    type: 'text',
    length: DEFAULT_FIELD_LENGTH,
    scale: 0,
    required: false,
    defaultValue: '',
    ruleCode: '',
    dictCode: '',
    list: true,
    search: false,
    sort: false,
    export: true,
  };
}

export function newIndex(): IndexRow {
  return { key: rowKey('i'), name: '', fields: [], unique: false };
}

export function newSub(): SubDesign {
  return { key: rowKey('s'), tableName: '', title: '', fkField: DEFAULT_FK_FIELD, fields: [newField()], indexes: [] };
}

export function emptyDesign(): FormDesign {
  return { tableName: '', title: '', formType: 'single', treeLabelField: '', fields: [newField()], indexes: [], subs: [] };
}

export const hasSubs = (type: OnlineFormType): boolean => ONLINE_TYPES_WITH_SUBS.includes(type);

const fieldRow = (f: OnlineField): FieldRow => ({ key: rowKey('f'), ...f });
const indexRow = (i: OnlineIndex): IndexRow => ({ key: rowKey('i'), name: i.name, fields: [...i.fields], unique: i.unique });

/** A saved form as the designer edits it. */
export function designOf(form: OnlineForm): FormDesign {
  return {
    id: form.id,
    version: form.version,
    tableName: form.tableName,
    title: form.title,
    formType: form.formType,
    treeLabelField: form.treeLabelField,
    fields: form.fields.map(fieldRow),
    indexes: form.indexes.map(indexRow),
    subs: form.subTables.map((s) => ({
      key: rowKey('s'),
      tableName: s.tableName,
      title: s.title,
      fkField: s.fkField,
      fields: s.fields.map(fieldRow),
      indexes: s.indexes.map(indexRow),
    })),
  };
}

function fieldInput({ key: _key, length, scale, ...f }: FieldRow) {
  // A cleared number means "the default"; the schema supplies it.
  return { ...f, ...(length === null ? {} : { length }), ...(scale === null ? {} : { scale }) };
}

const indexInput = ({ key: _key, ...i }: IndexRow) => i;

/**
 * What the designer sends (before the schema's check): sub tables only for the types that have them,
 * the tree's label field only for trees — the designer keeps both while the type is switched, so
 * switching back loses nothing.
 */
export function designInput(d: FormDesign) {
  return {
    ...(d.id === undefined ? {} : { id: d.id, version: d.version }),
    tableName: d.tableName,
    title: d.title,
    formType: d.formType,
    fields: d.fields.map(fieldInput),
    indexes: d.indexes.map(indexInput),
    treeLabelField: d.formType === 'tree' ? d.treeLabelField : '',
    subTables: hasSubs(d.formType)
      ? d.subs.map((s) => ({ tableName: s.tableName, title: s.title, fkField: s.fkField, fields: s.fields.map(fieldInput), indexes: s.indexes.map(indexInput) }))
      : [],
  };
}

/** A path of the schema's (`subTables.0.fields.1.name`) as one string: the designer marks that input. */
export const pathKey = (path: readonly PropertyKey[]): string => path.map(String).join('.');

export type DesignCheck =
  | { ok: true; create: OnlineFormCreate; edit?: undefined }
  | { ok: true; edit: OnlineFormEdit; create?: undefined }
  | { ok: false; message: string; path: string };

/** Checks the design with the shared add (or edit) rule; a refusal carries the first message and where it belongs. */
export function checkDesign(d: FormDesign): DesignCheck {
  const input = designInput(d);
  const parsed = d.id === undefined ? onlineFormCreateSchema.safeParse(input) : onlineFormEditSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: issue.message, path: pathKey(issue.path) };
  }
  return d.id === undefined ? { ok: true, create: parsed.data as OnlineFormCreate } : { ok: true, edit: parsed.data as OnlineFormEdit };
}

/** Which tab of the designer holds a path: the master's fields/indexes, or a sub table (`sub:<n>`). */
export function tabOfPath(path: string): string {
  const match = /^subTables\.(\d+)\./.exec(path);
  if (match) return `sub:${match[1]}`;
  if (path.startsWith('indexes')) return 'indexes';
  return 'fields';
}

/** The list with the row at `index` moved by `delta` (unchanged at either end). */
export function moveRow<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** After a field is removed: indexes drop the names that no longer exist, so none names a missing field. */
export function pruneIndexes(table: TableDesign): IndexRow[] {
  const names = new Set(table.fields.map((f) => f.name));
  return table.indexes.map((i) => (i.fields.every((f) => names.has(f)) ? i : { ...i, fields: i.fields.filter((f) => names.has(f)) }));
}
