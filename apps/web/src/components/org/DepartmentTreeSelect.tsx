import type { CSSProperties } from 'react';
import { TreeSelect } from 'antd';
import { useDepartmentTree } from './org-queries';

export const DepartmentTreeSelectText = { placeholder: '请选择部门', empty: '暂无部门' } as const;

interface DepartmentTreeSelectProps<V extends string | string[]> {
  value?: V | null;
  onChange?: (value: V) => void;
  /** Several departments (the value is an array). */
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  id?: string;
}

/**
 * A department of the session company chosen from the whole tree (queryIdTree), searchable by name.
 * Works as an antd Form control; the value is the department id (ids when `multiple`).
 */
export function DepartmentTreeSelect<V extends string | string[] = string>({
  value,
  onChange,
  multiple = false,
  placeholder = DepartmentTreeSelectText.placeholder,
  disabled,
  allowClear = true,
  style,
  id,
}: DepartmentTreeSelectProps<V>) {
  const tree = useDepartmentTree();
  return (
    <TreeSelect
      id={id}
      className="department-tree-select"
      value={value ?? undefined}
      onChange={(next) => onChange?.((next ?? (multiple ? [] : null)) as V)}
      treeData={tree.data ?? []}
      loading={tree.isFetching}
      multiple={multiple}
      treeCheckable={false}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder}
      notFoundContent={tree.isFetching ? undefined : DepartmentTreeSelectText.empty}
      style={{ width: '100%', ...style }}
      popupMatchSelectWidth={false}
    />
  );
}
