import { describe, expect, it } from 'vitest';
import type { DepartmentTreeNode } from '@care/shared';
import { branchKeysOf, filterDepartmentTree, parentIndex, titleIndex } from './department-tree';

const node = (key: string, title: string, children: DepartmentTreeNode[] = []): DepartmentTreeNode => ({ key, value: key, title, code: key, children });

const tree = [
  node('hq', '总部', [node('fin', '财务部', [node('acc', '会计组')]), node('it', '信息部')]),
  node('store', '一号店', [node('care', '护理部')]),
];

describe('department tree helpers', () => {
  it('keeps the branches leading to a matching name, and a match with all its children', () => {
    expect(filterDepartmentTree(tree, '')).toBe(tree);
    expect(filterDepartmentTree(tree, ' 会计 ')).toEqual([node('hq', '总部', [node('fin', '财务部', [node('acc', '会计组')])])]);
    expect(filterDepartmentTree(tree, '财务')).toEqual([node('hq', '总部', [node('fin', '财务部', [node('acc', '会计组')])])]);
    expect(filterDepartmentTree(tree, '部').map((n) => n.key)).toEqual(['hq', 'store']);
    expect(filterDepartmentTree(tree, '不存在')).toEqual([]);
  });

  it('indexes branches, parents and titles', () => {
    expect(branchKeysOf(tree)).toEqual(['hq', 'fin', 'store']);
    const parents = parentIndex(tree);
    expect(parents.get('acc')).toBe('fin');
    expect(parents.get('hq')).toBeNull();
    expect(titleIndex(tree).get('care')).toBe('护理部');
  });
});
