import { useEffect, useState } from 'react';
import { Descriptions, Drawer, Form, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  NURSE_SETTLEMENT_ITEM_KIND_LABELS,
  NURSE_SETTLEMENT_STATUS_COLORS,
  nurseSettlementContract as c,
  nurseSettlementStatusLabel,
  NurseSettlementText,
  settlementAmounts,
  type NurseSettlement,
  type SettleableAssignment,
} from '@care/shared';
import { useServices } from '../../lib/useServices';
import { NursePayPageText as T } from './nurse-pay-text';
import { itemsOf, LiveTotal, SettlementItemsEditor, type ItemRow } from './SettlementItems';
import { ReasonDialog } from '../../components/form/ReasonDialog';
import { useActionMutation } from '../../components/crud/useSaveMutation';

interface FormValues {
  assignmentId?: string;
  items: ItemRow[];
  remark: string;
}

/** 生成结算: a 已完成 assignment without a live settlement, its days × rate, bonus and deduction rows, the live total. */
export function GenerateModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { request } = useServices();
  const [form] = Form.useForm<FormValues>();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<SettleableAssignment | null>(null);
  const options = useQuery({
    queryKey: ['nurseSettlement', 'settleable', keyword],
    queryFn: () => request.call(c.settleable, { keyword }),
    enabled: open,
  });
  useEffect(() => {
    if (open) {
      form.resetFields();
      setPicked(null);
      setKeyword('');
    }
  }, [open, form]);
  const save = useActionMutation({
    contract: c.add,
    mutationFn: (v: FormValues) => request.call(c.add, { assignmentId: v.assignmentId!, items: itemsOf(v.items) as never, remark: (v.remark ?? '').trim() }),
    onDone,
    onClose,
  });
  const submit = () =>
    void form.validateFields().then((v) => {
      if (picked && settlementAmounts(picked.days, picked.dailyRate, itemsOf(v.items)).totalCents < 0) return;
      save.mutate(v);
    }, () => undefined);
  return (
    <Modal open={open} title={T.generate} width={720} onCancel={onClose} onOk={submit} confirmLoading={save.isPending} destroyOnHidden className="nurse-settlement-generate-modal">
      <Form form={form} name="nurseSettlementGenerateForm" layout="vertical" initialValues={{ items: [], remark: '' }}>
        <Form.Item name="assignmentId" label={T.assignment} rules={[{ required: true, message: T.assignmentRequired }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            loading={options.isFetching}
            placeholder={T.assignmentPlaceholder}
            className="nurse-settlement-assignment-select"
            options={(options.data ?? []).map((a) => ({ value: a.id, label: T.assignmentOption(a.assignmentNo, a.nurseName, a.customerName, a.actualStart, a.actualEnd) }))}
            onChange={(id: string) => setPicked(options.data?.find((a) => a.id === id) ?? null)}
          />
        </Form.Item>
        {picked && (
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} className="nurse-settlement-picked">
            <Descriptions.Item label={T.nurse}>{`${picked.nurseName ?? '-'}（${picked.nurseNo ?? '-'}）`}</Descriptions.Item>
            <Descriptions.Item label={T.store}>{picked.storeName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={T.period}>{T.actualPeriod(picked.actualStart, picked.actualEnd)}</Descriptions.Item>
            <Descriptions.Item label={T.days}>{picked.days}</Descriptions.Item>
          </Descriptions>
        )}
        <SettlementItemsEditor />
        {picked && <LiveTotal days={picked.days} dailyRate={picked.dailyRate} />}
        <Form.Item name="remark" label={T.remark} style={{ marginTop: 16 }} rules={[{ max: 500, message: '备注不能超过500个字符' }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 调整: the bonus and deduction rows of a 待审核 settlement, saved with the version read. */
export function AdjustModal({ row, onClose, onDone }: { row: NurseSettlement | null; onClose: () => void; onDone: () => void }) {
  const { request } = useServices();
  const [form] = Form.useForm<FormValues>();
  useEffect(() => {
    if (row) form.setFieldsValue({ items: row.items, remark: row.remark });
  }, [row, form]);
  const save = useActionMutation({
    contract: c.adjust,
    mutationFn: (v: FormValues) => request.call(c.adjust, { id: row!.id, version: row!.version, items: itemsOf(v.items) as never, remark: (v.remark ?? '').trim() }),
    onDone,
    onClose,
  });
  const submit = () =>
    void form.validateFields().then((v) => {
      if (row && settlementAmounts(row.days, row.dailyRate, itemsOf(v.items)).totalCents < 0) return;
      save.mutate(v);
    }, () => undefined);
  return (
    <Modal open={row !== null} title={row ? T.adjustTitle(row.settlementNo) : T.adjust} width={680} onCancel={onClose} onOk={submit} confirmLoading={save.isPending} destroyOnHidden className="nurse-settlement-adjust-modal">
      <Form form={form} name="nurseSettlementAdjustForm" layout="vertical" initialValues={{ items: [], remark: '' }}>
        <SettlementItemsEditor />
        {row && <LiveTotal days={row.days} dailyRate={row.dailyRate} />}
        <Form.Item name="remark" label={T.remark} style={{ marginTop: 16 }} rules={[{ max: 500, message: '备注不能超过500个字符' }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 驳回: the reason is required; the assignment may then be settled again. */
export function RejectModal({ row, onClose, onDone }: { row: NurseSettlement | null; onClose: () => void; onDone: () => void }) {
  const { request } = useServices();
  const save = useActionMutation({
    contract: c.reject,
    mutationFn: (reason: string) => request.call(c.reject, { id: row!.id, version: row!.version, reason }),
    onDone,
    onClose,
  });
  return (
    <ReasonDialog
      open={row !== null}
      title={row ? T.rejectTitle(row.settlementNo) : T.reject}
      hint={T.rejectHint}
      label={T.rejectReason}
      requiredMessage={NurseSettlementText.rejectReasonRequired}
      maxMessage={NurseSettlementText.rejectReasonTooLong}
      okText={T.rejectOk}
      className="nurse-settlement-reject-modal"
      formName="nurseSettlementRejectForm"
      pending={save.isPending}
      onCancel={onClose}
      onSubmit={(reason) => save.mutate(reason)}
    />
  );
}

export function SettlementStatusTag({ status }: { status: NurseSettlement['status'] }) {
  return <Tag color={NURSE_SETTLEMENT_STATUS_COLORS[status]}>{nurseSettlementStatusLabel(status)}</Tag>;
}

/** 详情: the settlement as it was read again, with its items. */
export function SettlementDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { request } = useServices();
  const found = useQuery({ queryKey: ['nurseSettlement', 'detail', id], queryFn: () => request.call(c.queryById, { id: id! }), enabled: id !== null });
  const s = found.data;
  return (
    <Drawer open={id !== null} width={640} onClose={onClose} title={s ? T.detailTitle(s.settlementNo) : T.detail} destroyOnHidden className="nurse-settlement-detail" loading={found.isLoading}>
      {s && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={T.settlementNo}>{s.settlementNo}</Descriptions.Item>
            <Descriptions.Item label={T.status}>
              <SettlementStatusTag status={s.status} />
            </Descriptions.Item>
            <Descriptions.Item label={T.assignmentNo}>{s.assignmentNo ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={T.store}>{s.storeName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={T.nurse}>{`${s.nurseName ?? '-'}（${s.nurseNo ?? '-'}）`}</Descriptions.Item>
            <Descriptions.Item label={T.customer}>{s.customerName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={T.period} span={2}>
              {T.actualPeriod(s.startDate, s.endDate)}
            </Descriptions.Item>
            <Descriptions.Item label={T.baseAmount} span={2}>
              {T.formula(s.days, s.dailyRate, s.baseAmount)}
            </Descriptions.Item>
            <Descriptions.Item label={T.bonus}>¥{s.bonus}</Descriptions.Item>
            <Descriptions.Item label={T.deduction}>¥{s.deduction}</Descriptions.Item>
            <Descriptions.Item label={T.total} span={2}>
              <Typography.Text strong>¥{s.total}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={T.createdBy}>{s.createdByName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={T.createdAt}>{s.createdAt}</Descriptions.Item>
            <Descriptions.Item label={T.auditedBy}>{s.auditedByName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={T.auditedAt}>{s.auditedAt ?? '-'}</Descriptions.Item>
            {s.rejectReason && (
              <Descriptions.Item label={T.rejectReason} span={2}>
                {s.rejectReason}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={T.remark} span={2}>
              {s.remark || '-'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {T.items}
          </Typography.Title>
          <Table
            size="small"
            rowKey={(_, i) => String(i)}
            pagination={false}
            dataSource={s.items}
            locale={{ emptyText: T.noItems }}
            columns={[
              { title: T.itemKind, dataIndex: 'kind', render: (k: keyof typeof NURSE_SETTLEMENT_ITEM_KIND_LABELS) => NURSE_SETTLEMENT_ITEM_KIND_LABELS[k] },
              { title: T.itemName, dataIndex: 'name' },
              { title: T.itemAmount, dataIndex: 'amount', align: 'right', render: (a: string) => `¥${a}` },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
