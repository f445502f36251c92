import type { DepartmentTreeNode } from '@care/shared';

/**
 * The branches that lead to a department whose name contains `keyword` (case-insensitive); a matching
 * department keeps all of its own children. An empty keyword keeps the whole tree.
 */
export function filterDepartmentTree(nodes: DepartmentTreeNode[], keyword: string): DepartmentTreeNode[] {
  const wanted = keyword.trim().toLowerCase();
  if (wanted === '') return nodes;
  const walk = (list: DepartmentTreeNode[]): DepartmentTreeNode[] =>
    list.flatMap((node) => {
      if (node.title.toLowerCase().includes(wanted)) return [node];
      const children = walk(node.children);
      return children.length > 0 ? [{ ...node, children }] : [];
    });
  return walk(nodes);
}

/** Every key of the tree that has children (to show a filtered tree fully expanded). */
export function branchKeysOf(nodes: DepartmentTreeNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.key, ...branchKeysOf(node.children)] : []));
}

/** The parent of each department in the tree (null for a root). */
export function parentIndex(nodes: DepartmentTreeNode[]): Map<string, string | null> {
  const index = new Map<string, string | null>();
  const walk = (list: DepartmentTreeNode[], parent: string | null) => {
    for (const node of list) {
      index.set(node.key, parent);
      walk(node.children, node.key);
    }
  };
  walk(nodes, null);
  return index;
}

/** Department names by id, for showing a chosen id without loading anything else. */
export function titleIndex(nodes: DepartmentTreeNode[]): Map<string, string> {
  const index = new Map<string, string>();
  const walk = (list: DepartmentTreeNode[]) => {
    for (const node of list) {
      index.set(node.key, node.title);
      walk(node.children);
    }
  };
  walk(nodes);
  return index;
}
