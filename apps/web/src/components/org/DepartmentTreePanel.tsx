import { useMemo, useState } from 'react';
import { Empty, Input, Spin, Tree, Typography } from 'antd';
import { branchKeysOf, filterDepartmentTree } from './department-tree';
import { useDepartmentTree } from './org-queries';

export const DepartmentTreePanelText = {
  search: '搜索部门',
  empty: '暂无部门',
  noMatch: '没有匹配的部门',
  all: '全部部门',
  hint: '点击部门筛选，再次点击取消',
} as const;

interface DepartmentTreePanelProps {
  /** The chosen department, or null for all. */
  value: string | null;
  onChange: (departmentId: string | null, title: string | null) => void;
}

/** A searchable department tree beside a list: choosing a department filters the list; choosing it again clears. */
export function DepartmentTreePanel({ value, onChange }: DepartmentTreePanelProps) {
  const tree = useDepartmentTree();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const shown = useMemo(() => filterDepartmentTree(tree.data ?? [], keyword), [tree.data, keyword]);
  // Searching shows every match opened; otherwise the top level starts open.
  const expandedKeys = keyword.trim() ? branchKeysOf(shown) : (expanded ?? shown.map((n) => n.key));

  return (
    <div className="department-tree-panel">
      <Input.Search allowClear placeholder={DepartmentTreePanelText.search} onChange={(e) => setKeyword(e.target.value)} style={{ marginBottom: 8 }} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {DepartmentTreePanelText.hint}
      </Typography.Text>
      <Spin spinning={tree.isFetching}>
        {shown.length === 0 && !tree.isFetching ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword.trim() ? DepartmentTreePanelText.noMatch : DepartmentTreePanelText.empty} />
        ) : (
          <Tree
            blockNode
            treeData={shown}
            fieldNames={{ key: 'key', title: 'title', children: 'children' }}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys.map(String))}
            selectedKeys={value ? [value] : []}
            onSelect={(_keys, info) => {
              const key = String(info.node.key);
              onChange(key === value ? null : key, key === value ? null : String(info.node.title));
            }}
            style={{ marginTop: 8 }}
          />
        )}
      </Spin>
    </div>
  );
}
