import { useMemo } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { onlineResource, type AnyResource, type OnlineForm, type OnlineRow, type OnlineSubTable } from '@care/shared';
import { ResourceForm } from '../../components/crud/ResourceForm';
import type { ResourceDialogProps } from '../../components/crud/ResourceTable';
import { defaultValues, sentValues } from '../../components/crud/resource-fields';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { sentSubs, subsOf, type OnlineContracts } from './online-data-model';
import { cellEditor, onlineInputs } from './OnlineWidgets';
import { OnlineDataText as T } from './online-data-text';

/** A master row as its queryById answers it (with its child rows), loaded while `id` is given. */
export function useOnlineRow(contracts: OnlineContracts, id: string | null | undefined) {
  const { request } = useServices();
  return useQuery({
    queryKey: ['online-data', contracts.queryById.path, id],
    queryFn: () => request.call(contracts.queryById, { id: id! }),
    enabled: Boolean(id),
    gcTime: 0,
  });
}

interface MasterDialogProps {
  form: OnlineForm;
  resource: AnyResource;
  contracts: OnlineContracts;
  dialog: ResourceDialogProps;
}

/**
 * 一对多 / 内嵌子表 / ERP add and edit: the master's fields, and below them each child table as an
 * editable table (添加一行, 删除) — saved together with the master (`subs`). An edit loads the row
 * with its children first.
 */
export function OnlineMasterDialog({ form, resource, contracts, dialog }: MasterDialogProps) {
  const loaded = useOnlineRow(contracts, dialog.open ? dialog.row?.id : null);
  const full = dialog.row ? (loaded.data as (OnlineRow & { id: string; version: number }) | undefined) : null;
  const names = form.subTables.map((s) => s.tableName);
  if (dialog.open && dialog.row && !full) return loaded.isError ? null : <Spin fullscreen />;
  return (
    <ResourceForm
      resource={resource}
      add={contracts.add}
      edit={contracts.edit}
      row={full ?? null}
      open={dialog.open}
      onClose={dialog.onClose}
      onSaved={dialog.onSaved}
      inputs={onlineInputs(form.fields, resource)}
      width={960}
      className={`online-form online-form-${form.tableName}`}
      initialExtra={{ subs: subsOf(full, names) }}
      moreValues={(values) => ({ subs: sentSubs(form.subTables, values.subs) })}
    >
      {form.subTables.map((sub) => (
        <SubTableEditor key={sub.tableName} form={form} sub={sub} />
      ))}
    </ResourceForm>
  );
}

/** One child table edited inline: a row per child, each cell the field's widget checked by the child's rule. */
export function SubTableEditor({ form, sub }: { form: OnlineForm; sub: OnlineSubTable }) {
  const instance = Form.useFormInstance();
  const resource = useMemo(() => onlineResource(form, sub), [form, sub]);
  const path = ['subs', sub.tableName];
  const rowOf = (index: number) => sentValues(resource, (instance.getFieldValue([...path, index]) ?? {}) as OnlineRow);
  return (
    <div className={`online-sub online-sub-${sub.tableName}`} style={{ marginTop: 16 }}>
      <Typography.Title level={5}>{sub.title}</Typography.Title>
      <Form.List name={path}>
        {(items, { add, remove }) => (
          <>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={items}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: T.noChildren }}
              columns={[
                ...sub.fields.map((field) => {
                  const { input, itemProps } = cellEditor(field, resource);
                  return {
                    key: field.name,
                    title: field.required ? <RequiredTitle label={field.label} /> : field.label,
                    render: (_: unknown, item: { name: number }) => (
                      <Form.Item
                        name={[item.name, field.name]}
                        rules={[schemaRule(resource.create, field.name, () => rowOf(item.name), field.required)]}
                        style={{ margin: 0, minWidth: 140 }}
                        {...itemProps}
                      >
                        {input}
                      </Form.Item>
                    ),
                  };
                }),
                {
                  key: 'actions',
                  title: T.actions,
                  width: 70,
                  render: (_: unknown, item: { name: number }) => (
                    <Button type="link" danger size="small" onClick={() => remove(item.name)}>
                      {T.removeRow}
                    </Button>
                  ),
                },
              ]}
            />
            <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => add(defaultValues(resource))}>
              {T.addRow}
            </Button>
          </>
        )}
      </Form.List>
    </div>
  );
}

function RequiredTitle({ label }: { label: string }) {
  return (
    <>
      <span style={{ color: '#ff4d4f', marginInlineEnd: 4 }}>*</span>
      {label}
    </>
  );
}
