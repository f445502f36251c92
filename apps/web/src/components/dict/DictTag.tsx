import { Space, Tag } from 'antd';
import type { DictOption } from '@care/shared';
import { useDictOptions, valuesOf } from './useDictOptions';

interface DictTagProps {
  code: string;
  /** One value, several as an array, or a comma-separated text. */
  value: unknown;
  /** Shown for an empty value. */
  empty?: string;
}

/** A value shown as its dictionary label in the item's tag colour; an unknown value as itself. */
export function DictTag({ code, value, empty = '-' }: DictTagProps) {
  const { data } = useDictOptions(code);
  const values = valuesOf(value);
  if (values.length === 0) return <>{empty}</>;
  const byValue = new Map((data ?? []).map((o) => [o.value, o]));
  return (
    <Space size={4} wrap className="dict-tag">
      {values.map((v) => (
        <OneTag key={v} value={v} option={byValue.get(v)} />
      ))}
    </Space>
  );
}

function OneTag({ value, option }: { value: string; option: DictOption | undefined }) {
  if (!option) return <span data-dict-value={value}>{value}</span>;
  return (
    <Tag color={option.color || undefined} data-dict-value={value} style={{ marginInlineEnd: 0 }}>
      {option.label}
    </Tag>
  );
}
