import { useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Form, Spin, Table, Tabs } from 'antd';
import { ModalForm } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import { onlineResource, type AnyResource, type OnlineForm, type OnlineRow, type OnlineSubTable } from '@care/shared';
import { RowActions } from '../../components/crud/RowActions';
import { defaultValues, formValues, sentValues } from '../../components/crud/resource-fields';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { childRowsOf, sentChildRows, sentSubs, subsOf, type OnlineContracts } from './online-data-model';
import { useOnlineRow } from './OnlineMasterForm';
import { cellEditor, OnlineCell } from './OnlineWidgets';
import { OnlineDataText as T } from './online-data-text';

/** The columns of a child table's listed fields, read-only. */
function childColumns(sub: OnlineSubTable) {
  return sub.fields
    .filter((f) => f.list)
    .map((field) => ({ key: field.name, title: field.label, dataIndex: field.name, render: (value: unknown, row: OnlineRow) => <OnlineCell field={field} value={value} row={row} /> }));
}

/** 内嵌子表: a master row expanded shows its child rows, one small table per child table. */
export function InnerChildren({ form, contracts, masterId }: { form: OnlineForm; contracts: OnlineContracts; masterId: string }) {
  const master = useOnlineRow(contracts, masterId);
  if (master.isLoading) return <Spin size="small" />;
  return (
    <div className="online-inner-children">
      {form.subTables.map((sub) => (
        <Table
          key={sub.tableName}
          className={`online-children-${sub.tableName}`}
          size="small"
          rowKey="id"
          title={() => sub.title}
          pagination={false}
          dataSource={childRowsOf(master.data, sub.tableName)}
          columns={childColumns(sub)}
          locale={{ emptyText: T.noChildren }}
        />
      ))}
    </div>
  );
}

interface ErpChildrenProps {
  form: OnlineForm;
  resource: AnyResource;
  contracts: OnlineContracts;
  masterId: string | null;
  /** The caller may edit the master (child rows change through the master's edit). */
  canEdit: boolean;
  /** A child row changed: the master's version moved, the list reloads. */
  onChanged: () => void;
}

/**
 * ERP: the selected master row's children in tabs, one per child table; 新增 / 编辑 / 删除 of a child
 * row save the master with its whole new set of children (edit with `subs`).
 */
export function ErpChildren({ form, resource, contracts, masterId, canEdit, onChanged }: ErpChildrenProps) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const master = useOnlineRow(contracts, masterId);
  const [editing, setEditing] = useState<{ sub: OnlineSubTable; index: number | null } | null>(null);

  const save = useMutation({
    mutationFn: ({ sub, rows }: { sub: OnlineSubTable; rows: OnlineRow[] }) => {
      const row = master.data!;
      // The master's values as the server answered them (its rule takes them as they are), with the new set of children.
      const values = sentValues(resource, formValues(resource, row));
      const subs = { ...sentSubs(form.subTables, subsOf(row, form.subTables.map((s) => s.tableName))), [sub.tableName]: sentChildRows(rows, sub.fields) };
      return request.call(contracts.edit, { ...values, id: row.id as string, version: row.version as number, subs });
    },
    onSuccess: () => {
      notice(contracts.edit);
      setEditing(null);
      void master.refetch();
      onChanged();
    },
  });

  if (!masterId) return <Empty className="online-erp-empty" description={T.pickMaster} />;
  if (master.isLoading || !master.data) return <Spin />;
  const rowsOf = (sub: OnlineSubTable) => childRowsOf(master.data, sub.tableName);

  return (
    <>
      <Tabs
        className="online-erp-tabs"
        items={form.subTables.map((sub) => ({
          key: sub.tableName,
          label: sub.title,
          children: (
            <Table
              className={`online-children-${sub.tableName}`}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={rowsOf(sub)}
              locale={{ emptyText: T.noChildren }}
              title={
                canEdit
                  ? () => (
                      <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ sub, index: null })}>
                        {T.childAdd(sub.title)}
                      </Button>
                    )
                  : undefined
              }
              columns={[
                ...childColumns(sub),
                ...(canEdit
                  ? [{
                      key: 'actions',
                      title: T.actions,
                      width: 120,
                      render: (_: unknown, _row: OnlineRow, index: number) => (
                        <RowActions
                          actions={[
                            { key: 'edit', label: T.edit, onClick: () => setEditing({ sub, index }) },
                            {
                              key: 'delete',
                              label: T.delete,
                              danger: true,
                              confirm: T.deleteConfirm,
                              onClick: () => save.mutate({ sub, rows: rowsOf(sub).filter((_r, i) => i !== index) }),
                            },
                          ]}
                        />
                      ),
                    }]
                  : []),
              ]}
            />
          ),
        }))}
      />
      {editing && (
        <ChildRowDialog
          form={form}
          sub={editing.sub}
          row={editing.index === null ? null : (rowsOf(editing.sub)[editing.index] ?? null)}
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(values) => {
            const rows = [...rowsOf(editing.sub)];
            if (editing.index === null) rows.push(values);
            else rows[editing.index] = { ...rows[editing.index], ...values };
            return save.mutateAsync({ sub: editing.sub, rows }).then(() => undefined);
          }}
        />
      )}
    </>
  );
}

interface ChildRowDialogProps {
  form: OnlineForm;
  sub: OnlineSubTable;
  row: OnlineRow | null;
  saving: boolean;
  onClose: () => void;
  onSave: (values: OnlineRow) => Promise<void>;
}

/** One child row's add/edit dialog (ERP): its fields with the child's rules. */
function ChildRowDialog({ form: onlineForm, sub, row, saving, onClose, onSave }: ChildRowDialogProps) {
  const resource = useMemo(() => onlineResource(onlineForm, sub), [onlineForm, sub]);
  const [form] = Form.useForm<OnlineRow>();
  const sent = () => sentValues(resource, form.getFieldsValue(true) as OnlineRow);
  return (
    <ModalForm
      form={form}
      open
      title={row ? T.childEdit(sub.title) : T.childAdd(sub.title)}
      className={`online-child-form online-child-form-${sub.tableName}`}
      layout="horizontal"
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
      autoComplete="off"
      width={600}
      initialValues={row ? formValues(resource, row) : defaultValues(resource)}
      modalProps={{ destroyOnHidden: true, onCancel: onClose, confirmLoading: saving }}
      submitter={{ searchConfig: { submitText: T.ok, resetText: T.cancel } }}
      onFinish={async () => {
        await onSave(sent()).catch(() => undefined);
        return false;
      }}
    >
      {sub.fields.map((field) => {
        const { input, itemProps } = cellEditor(field, resource);
        return (
          <Form.Item key={field.name} name={field.name} label={field.label} rules={[schemaRule(resource.create, field.name, sent, field.required)]} {...itemProps}>
            {input}
          </Form.Item>
        );
      })}
    </ModalForm>
  );
}
