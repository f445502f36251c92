import type { CSSProperties } from 'react';
import { TreeSelect } from 'antd';
import { useDepartmentTree } from './org-queries';
import { pickedValue, type OrgPickerProps } from './picker';

export const DepartmentTreeSelectText = { placeholder: '请选择部门', empty: '暂无部门' } as const;

interface DepartmentTreeSelectProps<V extends string | string[]> extends OrgPickerProps<V> {
  onChange?: (value: V) => void;
  style?: CSSProperties;
}

/**
 * A department of the session company chosen from the whole tree (queryIdTree), searchable by name.
 * Works as an antd Form control; the value is the department id (ids when `multiple`).
 */
export function DepartmentTreeSelect<V extends string | string[] = string>(props: DepartmentTreeSelectProps<V>) {
  const { value, onChange, multiple = false, placeholder = DepartmentTreeSelectText.placeholder, disabled, allowClear = true, style, id } = props;
  const tree = useDepartmentTree();
  return (
    <TreeSelect
      id={id}
      className="department-tree-select"
      value={value ?? undefined}
      onChange={(next: string | string[] | null) => onChange?.(pickedValue<V>(next, multiple))}
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
