import type { ReactNode } from 'react';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Select, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ONLINE_DICT_TYPES, ONLINE_FIELD_TYPE_LABELS, ONLINE_FIELD_TYPES } from '@care/shared';
import { LENGTH_TYPES, SCALE_TYPES, moveRow, newField, newIndex, pruneIndexes, type FieldRow, type IndexRow, type TableDesign } from './designer-state';
import { FormConfigText as T } from './online-form-text';

export interface Option {
  value: string;
  label: string;
}

/** The message of the last check, where it belongs (`fields.1.name`), or nothing. */
export type ErrorAt = (path: string) => string | undefined;

const typeOptions = ONLINE_FIELD_TYPES.map((value) => ({ value, label: ONLINE_FIELD_TYPE_LABELS[value] }));

/** A table cell's input with the check's message under it. */
export function Cell({ error, children }: { error: string | undefined; children: ReactNode }) {
  return (
    <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ marginBottom: 0 }}>
      {children}
    </Form.Item>
  );
}

/** A refusal that belongs to a whole list (no field yet, no sub table …). */
export function ListError({ error }: { error: string | undefined }) {
  return error ? <Alert type="error" showIcon message={error} className="online-design-list-error" style={{ marginBottom: 8 }} /> : null;
}

function RowMoves({ index, count, onMove, onRemove }: { index: number; count: number; onMove: (delta: -1 | 1) => void; onRemove: () => void }) {
  return (
    <Space size={0}>
      <Tooltip title={T.moveUp}>
        <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={`${T.moveUp} ${index + 1}`} disabled={index === 0} onClick={() => onMove(-1)} />
      </Tooltip>
      <Tooltip title={T.moveDown}>
        <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={`${T.moveDown} ${index + 1}`} disabled={index === count - 1} onClick={() => onMove(1)} />
      </Tooltip>
      <Tooltip title={T.remove}>
        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`${T.remove} ${index + 1}`} onClick={onRemove} />
      </Tooltip>
    </Space>
  );
}

interface TableProps {
  table: TableDesign;
  onChange: (table: TableDesign) => void;
  /** The schema path of this table (`` for the master, `subTables.0.` for a child). */
  prefix: string;
  errorAt: ErrorAt;
}

/** 字段: one row per column of the table, each cell an input; rows are added, moved and removed. */
export function FieldsTable({ table, onChange, prefix, errorAt, ruleOptions, dictOptions }: TableProps & { ruleOptions: Option[]; dictOptions: Option[] }) {
  const { fields } = table;
  const set = (next: FieldRow[]) => onChange({ ...table, fields: next });
  const update = (index: number, patch: Partial<FieldRow>) => set(fields.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  const at = (index: number, key: keyof FieldRow) => errorAt(`${prefix}fields.${index}.${key}`);
  const flag = (key: 'required' | 'list' | 'search' | 'sort' | 'export', title: string): TableColumnsType<FieldRow>[number] => ({
    title,
    key,
    width: 56,
    align: 'center',
    render: (_, f, i) => <Checkbox checked={f[key]} aria-label={`${title} ${i + 1}`} onChange={(e) => update(i, { [key]: e.target.checked })} />,
  });

  const columns: TableColumnsType<FieldRow> = [
    { title: '#', key: 'no', width: 40, render: (_, __, i) => i + 1 },
    {
      title: T.fieldName,
      key: 'name',
      width: 150,
      render: (_, f, i) => (
        <Cell error={at(i, 'name')}>
          <Input value={f.name} aria-label={`${T.fieldName} ${i + 1}`} placeholder="name" onChange={(e) => update(i, { name: e.target.value })} />
        </Cell>
      ),
    },
    {
      title: T.fieldLabel,
      key: 'label',
      width: 140,
      render: (_, f, i) => (
        <Cell error={at(i, 'label')}>
          <Input value={f.label} aria-label={`${T.fieldLabel} ${i + 1}`} onChange={(e) => update(i, { label: e.target.value })} />
        </Cell>
      ),
    },
    {
      title: T.fieldType,
      key: 'type',
      width: 120,
      render: (_, f, i) => (
        <Cell error={at(i, 'type')}>
          <Select
            value={f.type}
            aria-label={`${T.fieldType} ${i + 1}`}
            options={typeOptions}
            style={{ width: '100%' }}
            onChange={(type) => update(i, { type, ...(ONLINE_DICT_TYPES.includes(type) ? {} : { dictCode: '' }) })}
          />
        </Cell>
      ),
    },
    {
      title: T.length,
      key: 'length',
      width: 90,
      render: (_, f, i) => (
        <Cell error={at(i, 'length')}>
          <InputNumber value={f.length} min={1} max={4000} precision={0} aria-label={`${T.length} ${i + 1}`} disabled={!LENGTH_TYPES.includes(f.type)} onChange={(length) => update(i, { length })} />
        </Cell>
      ),
    },
    {
      title: T.scale,
      key: 'scale',
      width: 80,
      render: (_, f, i) => (
        <Cell error={at(i, 'scale')}>
          <InputNumber value={f.scale} min={0} max={6} precision={0} aria-label={`${T.scale} ${i + 1}`} disabled={!SCALE_TYPES.includes(f.type)} onChange={(scale) => update(i, { scale })} />
        </Cell>
      ),
    },
    flag('required', T.required),
    {
      title: T.defaultValue,
      key: 'defaultValue',
      width: 110,
      render: (_, f, i) => (
        <Cell error={at(i, 'defaultValue')}>
          <Input value={f.defaultValue} aria-label={`${T.defaultValue} ${i + 1}`} onChange={(e) => update(i, { defaultValue: e.target.value })} />
        </Cell>
      ),
    },
    {
      title: T.rule,
      key: 'ruleCode',
      width: 140,
      render: (_, f, i) => (
        <Cell error={at(i, 'ruleCode')}>
          <Select
            value={f.ruleCode || undefined}
            aria-label={`${T.rule} ${i + 1}`}
            options={ruleOptions}
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: '100%' }}
            onChange={(ruleCode?: string) => update(i, { ruleCode: ruleCode ?? '' })}
          />
        </Cell>
      ),
    },
    {
      title: T.dict,
      key: 'dictCode',
      width: 150,
      render: (_, f, i) => (
        <Cell error={at(i, 'dictCode')}>
          <Select
            value={f.dictCode || undefined}
            aria-label={`${T.dict} ${i + 1}`}
            options={dictOptions}
            allowClear
            showSearch
            optionFilterProp="label"
            disabled={!ONLINE_DICT_TYPES.includes(f.type)}
            style={{ width: '100%' }}
            onChange={(dictCode?: string) => update(i, { dictCode: dictCode ?? '' })}
          />
        </Cell>
      ),
    },
    flag('list', T.list),
    flag('search', T.search),
    flag('sort', T.sort),
    flag('export', T.export),
    {
      title: T.actions,
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, __, i) => (
        <RowMoves
          index={i}
          count={fields.length}
          onMove={(delta) => set(moveRow(fields, i, delta))}
          onRemove={() => {
            const next = { ...table, fields: fields.filter((_f, j) => j !== i) };
            onChange({ ...next, indexes: pruneIndexes(next) });
          }}
        />
      ),
    },
  ];

  return (
    <div className="online-design-fields">
      <ListError error={errorAt(`${prefix}fields`)} />
      <Table<FieldRow> rowKey="key" size="small" columns={columns} dataSource={fields} pagination={false} scroll={{ x: 1500 }} bordered />
      <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => set([...fields, newField()])}>
        {T.addField}
      </Button>
    </div>
  );
}

/** 索引: a name, the fields it covers (of this table) and whether it is unique. */
export function IndexesTable({ table, onChange, prefix, errorAt }: TableProps) {
  const { indexes } = table;
  const set = (next: IndexRow[]) => onChange({ ...table, indexes: next });
  const update = (index: number, patch: Partial<IndexRow>) => set(indexes.map((x, i) => (i === index ? { ...x, ...patch } : x)));
  const fieldOptions = table.fields.filter((f) => f.name.trim() !== '').map((f) => ({ value: f.name, label: f.label ? `${f.label}（${f.name}）` : f.name }));
  const at = (index: number, key: keyof IndexRow) => errorAt(`${prefix}indexes.${index}.${key}`);

  const columns: TableColumnsType<IndexRow> = [
    { title: '#', key: 'no', width: 40, render: (_, __, i) => i + 1 },
    {
      title: T.indexName,
      key: 'name',
      width: 200,
      render: (_, x, i) => (
        <Cell error={at(i, 'name')}>
          <Input value={x.name} aria-label={`${T.indexName} ${i + 1}`} placeholder="idx_name" onChange={(e) => update(i, { name: e.target.value })} />
        </Cell>
      ),
    },
    {
      title: T.indexFields,
      key: 'fields',
      render: (_, x, i) => (
        <Cell error={at(i, 'fields')}>
          <Select mode="multiple" value={x.fields} aria-label={`${T.indexFields} ${i + 1}`} options={fieldOptions} style={{ width: '100%' }} onChange={(fields: string[]) => update(i, { fields })} />
        </Cell>
      ),
    },
    {
      title: T.unique,
      key: 'unique',
      width: 64,
      align: 'center',
      render: (_, x, i) => <Checkbox checked={x.unique} aria-label={`${T.unique} ${i + 1}`} onChange={(e) => update(i, { unique: e.target.checked })} />,
    },
    {
      title: T.actions,
      key: 'actions',
      width: 110,
      render: (_, __, i) => <RowMoves index={i} count={indexes.length} onMove={(delta) => set(moveRow(indexes, i, delta))} onRemove={() => set(indexes.filter((_x, j) => j !== i))} />,
    },
  ];

  return (
    <div className="online-design-indexes">
      <ListError error={errorAt(`${prefix}indexes`)} />
      <Table<IndexRow> rowKey="key" size="small" columns={columns} dataSource={indexes} pagination={false} bordered />
      <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => set([...indexes, newIndex()])}>
        {T.addIndex}
      </Button>
    </div>
  );
}
