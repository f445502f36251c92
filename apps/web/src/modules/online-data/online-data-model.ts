import { ONLINE_TYPES_WITH_SUBS, type onlineDataContracts, type OnlineDataAction, type OnlineField, type OnlineFormType, type OnlineRow } from '@care/shared';

/** The contracts of one form's generated page. */
export type OnlineContracts = ReturnType<typeof onlineDataContracts>;

/** The path of a generated page: `/online/cgformList/<tableName>` (the menu entry 生成菜单 made). */
const GENERATED_PATH = /\/online\/cgformList\/([a-z][a-z0-9_]{1,39})\/?$/;

/** The form code of a generated page's path, or null when the path names none. */
export function formCodeOfPath(pathname: string): string | null {
  return GENERATED_PATH.exec(pathname)?.[1] ?? null;
}

/** The widget a configured field is edited with. */
export type OnlineWidget =
  | 'text' | 'textarea' | 'richtext' | 'number' | 'money' | 'date' | 'datetime' | 'switch'
  | 'dictSelect' | 'dictRadio' | 'dictCheckbox' | 'image' | 'file' | 'user' | 'department';

const WIDGETS: Record<OnlineField['type'], OnlineWidget> = {
  text: 'text',
  textarea: 'textarea',
  richtext: 'richtext',
  number: 'number',
  money: 'money',
  date: 'date',
  datetime: 'datetime',
  switch: 'switch',
  select: 'dictSelect',
  dict: 'dictSelect',
  radio: 'dictRadio',
  checkbox: 'dictCheckbox',
  image: 'image',
  file: 'file',
  user: 'user',
  department: 'department',
};

export function widgetOf(field: Pick<OnlineField, 'type'>): OnlineWidget {
  return WIDGETS[field.type];
}

/**
 * The key of a field's display value in an answered row (the server's `<field>_dictText`): the name
 * of a user or department, a tree node's parent label (`pid`).
 */
export function displayKey(name: string): string {
  return `${name}_dictText`;
}

/** What a row shows for a field: its display value when the server sent one, else the value itself. */
export function displayOf(row: OnlineRow | undefined, name: string, value: unknown): unknown {
  const shown = row?.[displayKey(name)];
  return typeof shown === 'string' && shown !== '' ? shown : value;
}

/** The file name of a stored path or an address (its last segment, without a query). */
export function fileNameOf(path: string): string {
  const last = path.split(/[?#]/)[0]!.split('/').filter((s) => s !== '').at(-1) ?? path;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Whether a form type edits child tables with its master. */
export function hasSubs(formType: OnlineFormType): boolean {
  return ONLINE_TYPES_WITH_SUBS.includes(formType);
}

/**
 * The contracts of the actions the caller holds, by the name the kit knows them (`exportXls` for
 * export); the list stays, so the page can say it may not be listed.
 */
export function heldContracts<C extends { list: unknown; add: unknown; edit: unknown; delete: unknown; exportXls: unknown }>(
  contracts: C,
  actions: readonly OnlineDataAction[],
): Pick<C, 'list'> & Partial<Pick<C, 'add' | 'edit' | 'delete' | 'exportXls'>> {
  const held = (action: OnlineDataAction) => actions.includes(action);
  return {
    list: contracts.list,
    ...(held('add') ? { add: contracts.add } : {}),
    ...(held('edit') ? { edit: contracts.edit } : {}),
    ...(held('delete') ? { delete: contracts.delete } : {}),
    ...(held('export') ? { exportXls: contracts.exportXls } : {}),
  };
}

/** The child rows of one child table in a master's answer (queryById's `subs`, by child table name). */
export function childRowsOf(row: OnlineRow | null | undefined, tableName: string): OnlineRow[] {
  if (!row) return [];
  const subs = row.subs as Record<string, unknown> | undefined;
  const rows = subs && typeof subs === 'object' ? subs[tableName] : row[tableName];
  return Array.isArray(rows) ? (rows as OnlineRow[]) : [];
}

/** Every child table's rows of a master's answer, as the form's `subs` value. */
export function subsOf(row: OnlineRow | null | undefined, tableNames: readonly string[]): Record<string, OnlineRow[]> {
  return Object.fromEntries(tableNames.map((name) => [name, childRowsOf(row, name)]));
}

/**
 * The child rows a save sends: each row's configured fields (and its `id` when it has one, so the
 * server keeps it), untouched text fields as '' so the rule names what is missing. Rows the person left
 * wholly empty are not sent.
 */
export function sentChildRows(rows: readonly (OnlineRow | undefined)[] | undefined, fields: readonly Pick<OnlineField, 'name' | 'type'>[]): OnlineRow[] {
  const out: OnlineRow[] = [];
  for (const row of rows ?? []) {
    if (!row) continue;
    const filled = fields.some((f) => !isEmpty(row[f.name]));
    if (!filled && !row.id) continue;
    const sent: OnlineRow = row.id ? { id: row.id } : {};
    for (const f of fields) {
      const value = row[f.name];
      if (!isEmpty(value)) sent[f.name] = value;
      else if (TEXT_TYPES.has(f.type)) sent[f.name] = '';
    }
    out.push(sent);
  }
  return out;
}

/** The rows of every child table, as a save sends them (`subs`): each table's rows by `sentChildRows`. */
export function sentSubs(subTables: readonly { tableName: string; fields: readonly Pick<OnlineField, 'name' | 'type'>[] }[], subs: unknown): Record<string, OnlineRow[]> {
  const byTable = (subs ?? {}) as Record<string, (OnlineRow | undefined)[] | undefined>;
  return Object.fromEntries(subTables.map((s) => [s.tableName, sentChildRows(byTable[s.tableName], s.fields)]));
}

const TEXT_TYPES = new Set<OnlineField['type']>(['text', 'textarea', 'richtext', 'select', 'radio', 'checkbox', 'dict', 'image', 'file']);

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A checkbox field's stored value (comma-joined codes) as the list a Checkbox.Group edits, and back. */
export function codesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value === '') return [];
  return value.split(',').map((v) => v.trim()).filter((v) => v !== '');
}

export function joinCodes(codes: readonly string[]): string {
  return codes.join(',');
}

/** A node of the tree table: a row, and its children once loaded (`[]` until then when it has some). */
export type TreeNode = OnlineRow & { id: string; children?: TreeNode[] };

/** Rows answered by `treeChildren` as nodes: one that has children gets an empty list, so it shows its expander. */
export function treeNodes(rows: readonly OnlineRow[]): TreeNode[] {
  return rows.map((row) => {
    const { children: _children, ...rest } = row as TreeNode;
    return (row.hasChild ? { ...rest, children: [] } : rest) as TreeNode;
  });
}

/** The tree with `pid`'s children replaced (null: the roots); nodes already loaded below keep theirs. */
export function placeChildren(tree: readonly TreeNode[], pid: string | null, children: readonly OnlineRow[]): TreeNode[] {
  const loaded = new Map<string, TreeNode>();
  const collect = (nodes: readonly TreeNode[] | undefined) => nodes?.forEach((n) => loaded.set(n.id, n));
  const fresh = (rows: readonly OnlineRow[]) =>
    treeNodes(rows).map((node) => {
      const before = loaded.get(node.id);
      return before?.children?.length && node.children ? { ...node, children: before.children } : node;
    });
  if (pid === null) {
    collect(tree);
    return fresh(children);
  }
  const walk = (nodes: readonly TreeNode[]): TreeNode[] =>
    nodes.map((node) => {
      if (node.id === pid) {
        collect(node.children);
        const next = fresh(children);
        const { children: _old, ...rest } = node;
        return (next.length ? { ...rest, hasChild: true, children: next } : { ...rest, hasChild: false }) as TreeNode;
      }
      return node.children ? { ...node, children: walk(node.children) } : node;
    });
  return walk(tree);
}

/** The id of the node's parent in the tree (null for a root or an unknown node). */
export function parentOf(tree: readonly TreeNode[], id: string): string | null {
  for (const node of tree) {
    if (node.children?.some((c) => c.id === id)) return node.id;
    const below = node.children ? parentOf(node.children, id) : null;
    if (below) return below;
  }
  return null;
}
