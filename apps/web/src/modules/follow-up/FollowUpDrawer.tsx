import { useEffect, useState } from 'react';
import { Button, DatePicker, Drawer, Empty, Form, Input, List, Popconfirm, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { followUpContract, followUpCreateSchema, Permission, type FollowUp, type FollowUpCreate } from '@care/shared';
import { Authorized } from '../../lib/authorized/index';
import { useListAccess } from '../../components/crud/list-access';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { asSent } from '../../components/dict/admin';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictRadio } from '../../components/dict/DictRadio';
import { FollowUpText } from '../../components/crm/crm-text';
import { FollowUpMeta } from './FollowUpMeta';
import { FollowUpSummaryButton } from '../ai-log/FollowUpSummaryButton';
import { DATE_TIME_FORMAT, textDateProps } from '../../components/crm/date-field';

/** Whose follow-ups: a lead's, or (once the customer module serves them) a customer's. */
export type FollowUpTarget = { leadId: string; customerId?: never } | { customerId: string; leadId?: never };

export interface FollowUpDrawerProps {
  /** The lead or customer; null keeps the drawer closed. */
  target: FollowUpTarget | null;
  /** The lead's or customer's name, in the title. */
  name?: string;
  /** False for a closed lead or customer: the list only, no form. */
  canAdd?: boolean;
  onClose: () => void;
  /** After a follow-up was added, edited or deleted (the lead's status and times may have moved). */
  onChanged?: () => void;
}

type FormValues = Omit<FollowUpCreate, 'leadId'>;

const PAGE_SIZE = 10;
// The form checks its own fields with the add schema; the target id is not the form's.
const ANY_ID = '00000000-0000-4000-8000-000000000000';

export const followUpQueryKey = (target: FollowUpTarget | null) => ['crm', 'followUps', target?.leadId ?? target?.customerId ?? 'none'];

/**
 * 跟进记录 of one lead or customer: the records, newest first, and a form to add one (type, way,
 * content, next follow-up) or edit one. Adding moves the lead's times and 待跟进 → 跟进中 on the server.
 */
export function FollowUpDrawer({ target, name, canAdd = true, onClose, onChanged }: FollowUpDrawerProps) {
  const { request } = useServices();
  const client = useQueryClient();
  const notice = useSuccessNotice();
  const { allowed: canList } = useListAccess(Permission.followUpList);
  const [form] = Form.useForm<FormValues>();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<FollowUp | null>(null);
  const open = target !== null;
  const key = followUpQueryKey(target);

  useEffect(() => {
    setPage(1);
    setEditing(null);
    form.resetFields();
  }, [target?.leadId, target?.customerId, form]);

  // The contracts speak leadId today; the customer module adds customerId (same records).
  const targetFields = (target ?? {}) as { leadId: string };

  const list = useQuery({
    queryKey: [...key, page],
    queryFn: () => request.call(followUpContract.list, { ...targetFields, pageNo: page, pageSize: PAGE_SIZE, column: 'createdAt', order: 'desc' }),
    enabled: open && canList,
  });

  const changed = () => {
    void client.invalidateQueries({ queryKey: key });
    onChanged?.();
  };

  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const fields = { type: values.type, way: values.way, content: values.content, nextFollowAt: values.nextFollowAt ?? null };
      return editing
        ? request.call(followUpContract.edit, { id: editing.id, version: editing.version, ...fields })
        : request.call(followUpContract.add, { ...targetFields, ...fields });
    },
    onSuccess: () => {
      notice(editing ? followUpContract.edit : followUpContract.add);
      setEditing(null);
      form.resetFields();
      if (!editing) setPage(1);
      changed();
    },
  });

  const remove = useMutation({
    mutationFn: (row: FollowUp) => request.call(followUpContract.delete, { id: row.id }),
    onSuccess: () => {
      notice(followUpContract.delete);
      changed();
    },
  });

  const startEdit = (row: FollowUp) => {
    setEditing(row);
    form.setFieldsValue({ type: row.type, way: row.way, content: row.content, nextFollowAt: row.nextFollowAt ? row.nextFollowAt.slice(0, 16) : null });
  };

  const cancelEdit = () => {
    setEditing(null);
    form.resetFields();
  };

  const rule = (field: keyof FormValues, required = false) =>
    schemaRule(followUpCreateSchema, field, () => ({ leadId: ANY_ID, ...asSent({ ...(form.getFieldsValue() as Record<string, unknown>) }, ['type', 'way', 'content']) }), required);

  const showForm = editing !== null || canAdd;
  const formAction = editing ? Permission.followUpEdit : Permission.followUpAdd;

  return (
    <Drawer open={open} title={name ? FollowUpText.titleOf(name) : FollowUpText.title} onClose={onClose} width={560} destroyOnHidden className="follow-up-drawer">
      {showForm && (
        <Authorized action={formAction}>
          <Typography.Title level={5}>{editing ? FollowUpText.editTitle : FollowUpText.addTitle}</Typography.Title>
          <Form form={form} name="followUpForm" layout="vertical" autoComplete="off" className="follow-up-form" onFinish={(values) => save.mutate(values)}>
            <Space size="middle" align="start" wrap>
              <Form.Item name="type" label={FollowUpText.type} rules={[rule('type', true)]} style={{ minWidth: 180 }}>
                <DictSelect code="follow_up_type" />
              </Form.Item>
              <Form.Item name="way" label={FollowUpText.way} rules={[rule('way', true)]}>
                <DictRadio code="follow_up_way" buttons />
              </Form.Item>
            </Space>
            <Form.Item name="content" label={FollowUpText.content} rules={[rule('content', true)]}>
              <Input.TextArea rows={3} maxLength={2000} showCount placeholder={FollowUpText.contentPlaceholder} />
            </Form.Item>
            <Form.Item name="nextFollowAt" label={FollowUpText.nextFollowAt} {...textDateProps(DATE_TIME_FORMAT)}>
              <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} style={{ width: 220 }} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {editing ? FollowUpText.save : FollowUpText.add}
              </Button>
              {editing && <Button onClick={cancelEdit}>{FollowUpText.cancelEdit}</Button>}
            </Space>
          </Form>
        </Authorized>
      )}
      <Authorized action={Permission.followUpList}>
        <List<FollowUp>
          className="follow-up-list"
          style={{ marginTop: 24 }}
          header={
            <Space style={{ width: '100%', justifyContent: 'space-between' }}>
              <Typography.Text strong>{FollowUpText.title}</Typography.Text>
              {target && <FollowUpSummaryButton target={target} disabled={(list.data?.total ?? 0) === 0} />}
            </Space>
          }
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={FollowUpText.empty} /> }}
          pagination={
            (list.data?.total ?? 0) > PAGE_SIZE
              ? { current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, size: 'small', showSizeChanger: false }
              : false
          }
          renderItem={(row) => (
            <List.Item
              key={row.id}
              className="follow-up-item"
              actions={[
                <Authorized key="edit" action={Permission.followUpEdit}>
                  <a onClick={() => startEdit(row)}>{FollowUpText.edit}</a>
                </Authorized>,
                <Authorized key="delete" action={Permission.followUpDelete}>
                  <Popconfirm title={FollowUpText.deleteConfirm} onConfirm={() => remove.mutateAsync(row).catch(() => undefined)}>
                    <a style={{ color: '#ff4d4f' }}>{FollowUpText.delete}</a>
                  </Popconfirm>
                </Authorized>,
              ]}
            >
              <FollowUpMeta row={row} contentClassName="follow-up-content" />
            </List.Item>
          )}
        />
      </Authorized>
    </Drawer>
  );
}
