import type { PermissionNode, PermissionTreeNode } from '@care/shared';

/** Parent and children of every node of the permission tree, for cascading checks. */
export interface TreeIndex {
  parentOf: ReadonlyMap<string, string | null>;
  childrenOf: ReadonlyMap<string, readonly string[]>;
  /** Every id, parents before children. */
  ids: readonly string[];
}

export function indexTree(nodes: readonly PermissionTreeNode[]): TreeIndex {
  const parentOf = new Map<string, string | null>();
  const childrenOf = new Map<string, string[]>();
  const ids: string[] = [];
  const walk = (list: readonly PermissionTreeNode[], parent: string | null) => {
    for (const node of list) {
      parentOf.set(node.key, parent);
      childrenOf.set(
        node.key,
        node.children.map((c) => c.key),
      );
      ids.push(node.key);
      walk(node.children, node.key);
    }
  };
  walk(nodes, null);
  return { parentOf, childrenOf, ids };
}

export function descendantsOf(index: TreeIndex, id: string): string[] {
  const out: string[] = [];
  const stack = [...(index.childrenOf.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(index.childrenOf.get(next) ?? []));
  }
  return out;
}

export function ancestorsOf(index: TreeIndex, id: string): string[] {
  const out: string[] = [];
  for (let parent = index.parentOf.get(id); parent; parent = index.parentOf.get(parent)) out.push(parent);
  return out;
}

/**
 * The checked set after the administrator ticks or clears one node. Every checkbox is one permission.
 * `linked` (关联上下级): ticking also ticks everything under the node and the menus above it (a button
 * is reachable only through its menu); clearing also clears everything under it, never the menus above.
 */
export function toggleChecked(index: TreeIndex, checked: ReadonlySet<string>, id: string, on: boolean, linked: boolean): Set<string> {
  const next = new Set(checked);
  const affected = linked ? [id, ...descendantsOf(index, id), ...(on ? ancestorsOf(index, id) : [])] : [id];
  for (const key of affected) {
    if (on) next.add(key);
    else next.delete(key);
  }
  return next;
}

/** Ids that the tree knows, in tree order (drops ids of permissions deleted since the group was saved). */
export function knownIds(index: TreeIndex, ids: Iterable<string>): string[] {
  const wanted = new Set(ids);
  return index.ids.filter((id) => wanted.has(id));
}

/**
 * The tree cut down to nodes whose title or action contains `keyword`, with their ancestors (to reach
 * them) and, below a matching node, all of its children. An empty keyword keeps everything.
 */
export function filterTree(nodes: readonly PermissionTreeNode[], keyword: string): PermissionTreeNode[] {
  const word = keyword.trim().toLowerCase();
  if (!word) return [...nodes];
  const matches = (node: PermissionTreeNode) => node.title.toLowerCase().includes(word) || (node.action ?? '').toLowerCase().includes(word);
  return nodes.flatMap((node) => {
    if (matches(node)) return [node];
    const children = filterTree(node.children, word);
    return children.length ? [{ ...node, children }] : [];
  });
}

/** Keys of every node that has children (to expand all). */
export function branchKeys(nodes: readonly PermissionTreeNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length ? [node.key, ...branchKeys(node.children)] : []));
}

/** The tree of the flat node list (`listSysAllSecurityPermission`), as `queryTreeList` shapes it. */
export function treeFromNodes(rows: readonly PermissionNode[]): PermissionTreeNode[] {
  const nodes = new Map(
    rows.map((r): [string, PermissionTreeNode] => [r.id, { key: r.id, value: r.id, title: r.name, menuType: r.menuType, action: r.action, isLeaf: true, children: [] }]),
  );
  const roots: PermissionTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent) parent.isLeaf = false;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The tree without buttons (a parent picker: only menus hold children). */
export function menusOnly(nodes: readonly PermissionTreeNode[]): PermissionTreeNode[] {
  return nodes.filter((n) => n.menuType !== 2).map((n) => ({ ...n, children: menusOnly(n.children) }));
}
