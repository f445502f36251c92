import type { SelectProps } from 'antd';
import { SearchSelect } from '../form/SearchSelect';
import { useDictOptions, selectableOptions, valuesOf } from './useDictOptions';

export interface DictSelectProps extends Omit<SelectProps<string | string[]>, 'options' | 'loading'> {
  code: string;
}

/**
 * A select over a dictionary, enum or table source (`code`), filtered by label as the user types.
 * Disabled items are offered only while they are the current value (stored data keeps its label).
 */
export function DictSelect({ code, value, ...rest }: DictSelectProps) {
  const { data, isLoading } = useDictOptions(code);
  const options = selectableOptions(data ?? [], valuesOf(value)).map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }));
  return <SearchSelect<string | string[]> {...rest} value={value} loading={isLoading} options={options} data-dict-code={code} />;
}
