import { useRef, useState } from 'react';
import { App, Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Space, Table, Tag } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { AGING_BUCKETS, DictEnums, Permission, receivableContract, type AgingRow, type ReceivableRecord } from '@care/shared';
import { ListTable } from '../../components/crud/ListTable';
import { RowActions } from '../../components/crud/RowActions';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { StoreSelect } from '../../components/crm/CrmSelects';
import { DictSelect, DictTag } from '../../components/dict';
import { useAuthorized } from '../../lib/authorized';
import { useServices } from '../../lib/useServices';
import { DebtAuthorizationModal } from './DebtAuthorizationModal';
import { OrderPicker } from './OrderPicker';
import { ReceivableUiText as text } from './receivable-text';

const statusEnum = Object.fromEntries(DictEnums.receivable_status.items.map((i) => [i.value, { text: i.label }]));
const statusColor = Object.fromEntries(DictEnums.receivable_status.items.map((i) => [i.value, i.color]));
const bucketLabel = Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, b.label]));

type LineForm = { orderId?: string; item?: string; dueDate: dayjs.Dayjs; amount: number | string; dueBeforeCheckIn?: boolean; remark?: string; reason?: string };

/** 应收 (/finance/receivable): plan lines of every order in scope, 账龄 per store, line edits and 欠款授权. */
export function ReceivableList({ storeId }: { storeId?: string } = {}) {
  const { request } = useServices();
  const authorized = useAuthorized();
  const notice = useSuccessNotice();
  const { message } = App.useApp();
  const table = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<ReceivableRecord | 'new' | null>(null);
  const [debtOrder, setDebtOrder] = useState<ReceivableRecord | null>(null);
  const [form] = Form.useForm<LineForm>();
  const canAging = authorized(Permission.receivableAging);
  // A confirmed order's line: its amount moves through a 调账 change order only (docs/ledger.md).
  const fixed = editing !== null && editing !== 'new' && editing.planFixed;
  const aging = useQuery({ queryKey: ['receivable-aging', storeId], queryFn: () => request.call(receivableContract.aging, storeId ? { storeId } : {}), enabled: canAging });
  const reload = () => {
    void table.current?.reload();
    void aging.refetch();
  };

  const openEdit = (row: ReceivableRecord | 'new') => {
    setEditing(row);
    form.resetFields();
    if (row !== 'new') form.setFieldsValue({ dueDate: dayjs(row.dueDate), amount: row.amount, dueBeforeCheckIn: row.dueBeforeCheckIn, remark: row.remark });
  };
  const save = async () => {
    const v = await form.validateFields();
    const common = { dueDate: v.dueDate.format('YYYY-MM-DD'), amount: String(v.amount), dueBeforeCheckIn: v.dueBeforeCheckIn ?? false, remark: v.remark ?? '', reason: v.reason ?? '' };
    try {
      if (editing === 'new') {
        await request.call(receivableContract.add, { ...common, orderId: v.orderId!, item: v.item! });
        notice(receivableContract.add);
      } else if (editing) {
        await request.call(receivableContract.edit, { ...common, id: editing.id, version: editing.version });
        notice(receivableContract.edit);
      }
      setEditing(null);
      reload();
    } catch {
      // The request client has shown why (a stale version, an amount below what was received …).
    }
  };
  const remove = async (row: ReceivableRecord) => {
    try {
      await request.call(receivableContract.delete, { id: row.id, version: row.version });
      void message.success(receivableContract.delete.successMessage);
      reload();
    } catch {
      // Shown by the request client.
    }
  };

  const columns: ProColumns<ReceivableRecord>[] = [
    { title: text.store, dataIndex: 'storeId', hideInSearch: Boolean(storeId), render: (_, r) => r.storeName ?? '-', renderFormItem: () => <StoreSelect /> },
    { title: text.keyword, dataIndex: 'search', hideInTable: true },
    { title: text.orderNo, dataIndex: 'orderNo', search: false },
    { title: text.customer, dataIndex: 'customerName', search: false },
    { title: text.item, dataIndex: 'item', render: (_, r) => <DictTag code="receivable_item" value={r.item} />, renderFormItem: () => <DictSelect code="receivable_item" /> },
    { title: text.dueDate, dataIndex: 'dueDate', search: false, sorter: true, defaultSortOrder: 'ascend' },
    { title: text.duePeriod, dataIndex: 'duePeriod', valueType: 'dateRange', hideInTable: true },
    { title: text.amount, dataIndex: 'amount', search: false, sorter: true, align: 'right' },
    { title: text.received, dataIndex: 'received', search: false, sorter: true, align: 'right' },
    { title: text.outstanding, dataIndex: 'outstanding', search: false, align: 'right' },
    { title: text.pending, dataIndex: 'pending', search: false, align: 'right' },
    { title: text.status, dataIndex: 'status', valueType: 'select', valueEnum: statusEnum, render: (_, r) => <Tag color={statusColor[r.status]}>{statusEnum[r.status]?.text}</Tag> },
    {
      title: text.daysOverdue,
      dataIndex: 'daysOverdue',
      search: false,
      render: (_, r) => (r.daysOverdue > 0 ? <Tag color="red">{`${r.daysOverdue}天 · ${bucketLabel[r.agingBucket ?? ''] ?? ''}`}</Tag> : '-'),
    },
    { title: text.aging, dataIndex: 'agingBucket', valueType: 'select', valueEnum: Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, { text: b.label }])), hideInTable: true },
    { title: text.overdueOnly, dataIndex: 'overdueOnly', valueType: 'select', valueEnum: { yes: { text: '是' } }, hideInTable: true },
    {
      title: text.actions,
      valueType: 'option',
      render: (_, r) => (
        <RowActions
          actions={[
            { key: 'edit', label: text.edit, permission: Permission.receivableEdit, onClick: () => openEdit(r) },
            { key: 'debt', label: text.debt, permission: Permission.receivableList, onClick: () => setDebtOrder(r) },
            { key: 'delete', label: text.remove, permission: Permission.receivableDelete, danger: true, confirm: text.confirmRemove, hidden: r.planFixed || r.received !== '0.00' || r.pending !== '0.00', onClick: () => void remove(r) },
          ]}
        />
      ),
    },
  ];

  const mapFilters = (q: Record<string, unknown>) => {
    const { search, duePeriod, overdueOnly, ...rest } = q as Record<string, unknown> & { search?: string; duePeriod?: [string, string]; overdueOnly?: string };
    return ({ ...rest, keyword: search, dueFrom: duePeriod?.[0], dueTo: duePeriod?.[1], overdueOnly: overdueOnly === 'yes' ? true : undefined });
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canAging && <AgingCard rows={aging.data ?? []} loading={aging.isLoading} />}
      <ListTable<ReceivableRecord>
        className="receivable-table"
        actionRef={table}
        columns={columns}
        contract={receivableContract.list}
        access={Permission.receivableList}
        fixedFilters={storeId ? { storeId } : undefined}
        mapFilters={mapFilters}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        dateFormatter="string"
        headerTitle={text.receivables}
        scroll={{ x: 'max-content' }}
        exportXls={{ path: receivableContract.exportXls.path, name: text.receivables, action: Permission.receivableExport, label: text.exportXls, icon: null }}
        buttonsEnd={[
          authorized(Permission.receivableAdd) && (
            <Button key="add" type="primary" onClick={() => openEdit('new')}>
              {text.add}
            </Button>
          ),
        ]}
      />
      <Modal open={editing !== null} title={editing === 'new' ? text.add : text.edit} onOk={() => void save()} onCancel={() => setEditing(null)} destroyOnHidden>
        <Form form={form} name="receivableLine" layout="vertical" preserve={false}>
          {editing === 'new' && (
            <>
              <Form.Item name="orderId" label={text.order} rules={[{ required: true, message: '请选择订单!' }]}>
                <OrderPicker />
              </Form.Item>
              <Form.Item name="item" label={text.item} rules={[{ required: true, message: '请选择应收项目!' }]}>
                <DictSelect code="receivable_item" />
              </Form.Item>
            </>
          )}
          <Form.Item name="dueDate" label={text.dueDate} rules={[{ required: true, message: '请选择正确的应收日期!' }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="amount"
            label={text.amount}
            rules={[{ required: true, message: '请输入应收金额!' }]}
            extra={fixed ? text.amountFixed : editing && editing !== 'new' ? `已收 ${editing.received} 元，待审核 ${editing.pending} 元` : undefined}
          >
            <InputNumber min={0} precision={2} style={{ width: '100%' }} stringMode disabled={fixed} />
          </Form.Item>
          {fixed && (
            <Form.Item name="reason" label={text.dueDateReason} extra={text.dueDateReasonHint} rules={[{ max: 500, message: '修改原因不能超过500个字符' }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          )}
          <Form.Item name="dueBeforeCheckIn" valuePropName="checked">
            <Checkbox>{text.dueBeforeCheckIn}</Checkbox>
          </Form.Item>
          <Form.Item name="remark" label={text.remark} rules={[{ max: 500, message: '备注不能超过500个字符' }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
      <DebtAuthorizationModal order={debtOrder} onClose={() => setDebtOrder(null)} />
    </Space>
  );
}

function AgingCard({ rows, loading }: { rows: AgingRow[]; loading: boolean }) {
  const money = (key: keyof AgingRow) => ({ title: key === 'notDue' ? text.notDue : key === 'overdue' ? text.overdueTotal : bucketLabel[key as string], dataIndex: key, align: 'right' as const });
  return (
    <Card size="small" title={text.agingTitle} className="receivable-aging">
      <Table<AgingRow>
        size="small"
        rowKey="storeId"
        loading={loading}
        pagination={false}
        dataSource={rows}
        columns={[{ title: text.store, dataIndex: 'storeName' }, money('notDue'), money('d0_30'), money('d31_60'), money('d61_90'), money('d90_plus'), money('overdue'), { title: text.outstanding, dataIndex: 'outstanding', align: 'right' }]}
      />
    </Card>
  );
}

export default ReceivableList;
