import { App, Form, Input, InputNumber, Modal, Popconfirm, Table, Typography, Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Permission, receivableContract, type DebtAuthorization, type ReceivableRecord } from '@care/shared';
import { useAuthorized } from '../../lib/authorized';
import { useServices } from '../../lib/useServices';
import { ReceivableUiText as text } from './receivable-text';

/** 欠款授权 of the row's order: the authorisations given, a new one, and 撤销. */
export function DebtAuthorizationModal({ order, onClose }: { order: ReceivableRecord | null; onClose: () => void }) {
  const { request } = useServices();
  const authorized = useAuthorized();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  const list = useQuery({
    queryKey: ['debt-authorizations', order?.orderId],
    queryFn: () => request.call(receivableContract.debtList, { orderId: order!.orderId }),
    enabled: Boolean(order),
  });
  const grant = async () => {
    const v = await form.validateFields();
    try {
      await request.call(receivableContract.debtGrant, { orderId: order!.orderId, amount: String(v.amount), reason: v.reason });
      void message.success(receivableContract.debtGrant.successMessage);
      form.resetFields();
      void list.refetch();
    } catch {
      // Shown by the request client.
    }
  };
  const revoke = async (row: DebtAuthorization) => {
    try {
      await request.call(receivableContract.debtRevoke, { id: row.id });
      void message.success(receivableContract.debtRevoke.successMessage);
      void list.refetch();
    } catch {
      // Shown by the request client.
    }
  };
  return (
    <Modal open={Boolean(order)} title={`${text.debt} · ${order?.orderNo ?? ''} ${order?.customerName ?? ''}`} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Table<DebtAuthorization>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        pagination={false}
        dataSource={list.data ?? []}
        columns={[
          { title: text.debtAmount, dataIndex: 'amount', align: 'right' },
          { title: text.debtReason, dataIndex: 'reason' },
          { title: text.authorizedBy, dataIndex: 'authorizedBy' },
          { title: text.authorizedAt, dataIndex: 'authorizedAt' },
          { title: text.revokedAt, dataIndex: 'revokedAt', render: (v: string | null) => v ?? '-' },
          {
            title: text.actions,
            render: (_, row) =>
              !row.revokedAt && authorized(Permission.debtRevoke) ? (
                <Popconfirm title={text.confirmRevoke} onConfirm={() => revoke(row)}>
                  <Typography.Link type="danger">{text.revoke}</Typography.Link>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      {authorized(Permission.debtAuthorize) && (
        <Form form={form} name="debtGrant" layout="inline" style={{ marginTop: 16 }}>
          <Form.Item name="amount" label={text.debtAmount} rules={[{ required: true, message: '请输入授权金额!' }]}>
            <InputNumber min={0.01} precision={2} stringMode />
          </Form.Item>
          <Form.Item name="reason" label={text.debtReason} rules={[{ required: true, message: '请输入授权原因!' }]}>
            <Input maxLength={500} style={{ width: 260 }} />
          </Form.Item>
          <Button type="primary" onClick={() => void grant()}>
            {text.grant}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
