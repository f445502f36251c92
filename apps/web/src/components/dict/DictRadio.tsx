import { Radio, Spin, type RadioGroupProps } from 'antd';
import { useDictOptions, selectableOptions, valuesOf } from './useDictOptions';

export interface DictRadioProps extends Omit<RadioGroupProps, 'options'> {
  code: string;
  /** Buttons instead of round radios. */
  buttons?: boolean;
}

/** Radios over a short dictionary or enum (sex, yes/no …); disabled items only while they are the value. */
export function DictRadio({ code, value, buttons, ...rest }: DictRadioProps) {
  const { data, isLoading } = useDictOptions(code);
  if (isLoading) return <Spin size="small" />;
  const options = selectableOptions(data ?? [], valuesOf(value)).map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }));
  return <Radio.Group {...rest} value={value} options={options} optionType={buttons ? 'button' : 'default'} data-dict-code={code} />;
}
