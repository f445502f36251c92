import { useEffect, useState, type ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Permission, serviceOrderContract, serviceOrderMachine, type ServiceOrder, type ServiceOrderEvent } from '@care/shared';
import { RowActions, type RowAction } from '../../components/crud/RowActions';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { useServices } from '../../lib/useServices';
import { ServiceOrderPageText as T } from './service-order-text';
import { ReasonDialog } from '../../components/form/ReasonDialog';
import { useActionMutation } from '../../components/crud/useSaveMutation';

type Dialog = { kind: 'dispatch' | 'complete' | 'cancel'; row: ServiceOrder } | null;

/**
 * A service order's row actions by state (serviceOrderMachine): 派工/改派, 开始服务 (confirmed),
 * 完成 (result and consumables), 取消 (reason, confirmed), 套餐余量; each only for holders of its button.
 */
export function useServiceOrderActions(onChanged: () => void, onAllowance: (row: ServiceOrder) => void): { render: (row: ServiceOrder) => ReactNode; modals: ReactNode } {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const changed = () => {
    void client.invalidateQueries({ queryKey: ['serviceOrder'] });
    onChanged();
  };
  const start = useMutation({
    mutationFn: (row: ServiceOrder) => request.call(serviceOrderContract.start, { id: row.id, version: row.version }),
    onSuccess: () => {
      notice(serviceOrderContract.start);
      changed();
    },
  });

  const render = (row: ServiceOrder) => {
    const can = (event: ServiceOrderEvent) => serviceOrderMachine.can(row.status, event);
    const actions: RowAction[] = [
      { key: 'dispatch', label: row.status === 'dispatched' ? T.redispatch : T.dispatch, permission: Permission.serviceOrderDispatch, hidden: !can('dispatch'), onClick: () => setDialog({ kind: 'dispatch', row }) },
      { key: 'start', label: T.start, permission: Permission.serviceOrderStart, hidden: !can('start'), confirm: T.startConfirm(row.serviceNo), onClick: () => start.mutateAsync(row).catch(() => undefined) },
      { key: 'complete', label: T.complete, permission: Permission.serviceOrderComplete, hidden: !can('complete'), onClick: () => setDialog({ kind: 'complete', row }) },
      { key: 'cancel', label: T.cancel, permission: Permission.serviceOrderCancel, hidden: !can('cancel'), danger: true, onClick: () => setDialog({ kind: 'cancel', row }) },
      { key: 'allowance', label: T.allowance, permission: Permission.serviceOrderList, onClick: () => onAllowance(row) },
    ];
    return <RowActions actions={actions} />;
  };

  const close = () => setDialog(null);
  const modals = (
    <>
      <DispatchModal row={dialog?.kind === 'dispatch' ? dialog.row : null} onClose={close} onDone={changed} />
      <CompleteModal row={dialog?.kind === 'complete' ? dialog.row : null} onClose={close} onDone={changed} />
      <CancelModal row={dialog?.kind === 'cancel' ? dialog.row : null} onClose={close} onDone={changed} />
    </>
  );
  return { render, modals };
}

interface DialogProps {
  row: ServiceOrder | null;
  onClose: () => void;
  onDone: () => void;
}

/** 派工: an executor of the order's store. */
function DispatchModal({ row, onClose, onDone }: DialogProps) {
  const { request } = useServices();
  const [form] = Form.useForm<{ executorId: string }>();
  const context = useQuery({
    queryKey: ['serviceOrder', 'formContext', row?.orderId],
    queryFn: () => request.call(serviceOrderContract.formContext, { orderId: row!.orderId }),
    enabled: Boolean(row),
  });
  useEffect(() => {
    if (row) form.setFieldsValue({ executorId: row.executorId ?? undefined });
  }, [row, form]);
  const save = useActionMutation({
    contract: serviceOrderContract.dispatch,
    mutationFn: (executorId: string) => request.call(serviceOrderContract.dispatch, { id: row!.id, version: row!.version, executorId, nurseId: row!.nurseId }),
    onDone,
    onClose,
  });
  return (
    <Modal open={row !== null} title={row ? T.dispatchTitle(row.serviceNo) : T.dispatch} onCancel={onClose} onOk={() => void form.validateFields().then((v) => save.mutate(v.executorId), () => undefined)} confirmLoading={save.isPending} destroyOnHidden className="service-dispatch-modal">
      <Form form={form} name="serviceDispatchForm" layout="vertical">
        <Form.Item name="executorId" label={T.executor} rules={[{ required: true, message: '请选择执行人或月嫂' }]}>
          <Select showSearch optionFilterProp="label" loading={context.isLoading} placeholder={T.executorPlaceholder} options={(context.data?.executors ?? []).map((u) => ({ value: u.id, label: u.name }))} className="service-executor-select" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface CompleteValues {
  result: string;
  consumables: { name: string; quantity: number }[];
}

/** 完成服务: the result and the consumables used; a 套餐内 one past its allowance is refused by the server. */
function CompleteModal({ row, onClose, onDone }: DialogProps) {
  const { request } = useServices();
  const [form] = Form.useForm<CompleteValues>();
  useEffect(() => {
    if (row) form.setFieldsValue({ result: '', consumables: [] });
  }, [row, form]);
  const save = useActionMutation({
    contract: serviceOrderContract.complete,
    mutationFn: (v: CompleteValues) => request.call(serviceOrderContract.complete, { id: row!.id, version: row!.version, result: v.result ?? '', consumables: v.consumables ?? [] }),
    onDone,
    onClose,
  });
  return (
    <Modal open={row !== null} title={row ? T.completeTitle(row.serviceNo) : T.complete} width={560} onCancel={onClose} onOk={() => void form.validateFields().then((v) => save.mutate(v), () => undefined)} confirmLoading={save.isPending} destroyOnHidden className="service-complete-modal">
      <Form form={form} name="serviceCompleteForm" layout="vertical">
        <Form.Item name="result" label={T.result} rules={[{ max: 500, message: '服务结果不能超过500个字符' }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Typography.Text>{T.consumables}</Typography.Text>
        <Form.List name="consumables">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex', marginTop: 8 }}>
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: '请输入耗材名称!' }]}>
                    <Input placeholder={T.consumableName} maxLength={50} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'quantity']} rules={[{ required: true, message: '耗材数量必须是1到9999之间的整数' }]}>
                    <InputNumber placeholder={T.consumableQuantity} min={1} max={9999} precision={0} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => add({ quantity: 1 })}>
                {T.addConsumable}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/** 取消: the reason is required; a cancelled service takes no further action. */
function CancelModal({ row, onClose, onDone }: DialogProps) {
  const { request } = useServices();
  const save = useActionMutation({
    contract: serviceOrderContract.cancel,
    mutationFn: (reason: string) => request.call(serviceOrderContract.cancel, { id: row!.id, version: row!.version, reason }),
    onDone,
    onClose,
  });
  return (
    <ReasonDialog
      open={row !== null}
      title={row ? T.cancelTitle(row.serviceNo) : T.cancel}
      hint={T.cancelConfirm}
      label={T.cancelReason}
      requiredMessage={T.cancelReasonRequired}
      okText={T.cancelOk}
      cancelText={T.keep}
      className="service-cancel-modal"
      formName="serviceCancelForm"
      pending={save.isPending}
      onCancel={onClose}
      onSubmit={(reason) => save.mutate(reason)}
    />
  );
}
