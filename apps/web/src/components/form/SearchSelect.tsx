import { Select, type SelectProps } from 'antd';

/** A clearable select filtered by label as the user types; `请选择` until something is chosen. */
export function SearchSelect<V>({ placeholder = '请选择', ...props }: SelectProps<V>) {
  return <Select<V> allowClear showSearch optionFilterProp="label" placeholder={placeholder} {...props} />;
}
