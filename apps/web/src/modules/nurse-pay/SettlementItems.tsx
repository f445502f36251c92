import { Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { NURSE_SETTLEMENT_ITEM_KIND_LABELS, NURSE_SETTLEMENT_ITEM_KINDS, settlementAmounts, type NurseSettlementItemKind } from '@care/shared';
import { NursePayPageText as T } from './nurse-pay-text';

export interface ItemRow {
  kind: NurseSettlementItemKind;
  name: string;
  amount: string | null;
}

/** The rows as the contract takes them (amounts as text). */
export const itemsOf = (rows: ItemRow[] | undefined) => (rows ?? []).map((r) => ({ kind: r.kind, name: (r.name ?? '').trim(), amount: r.amount === null || r.amount === undefined ? '' : String(r.amount) }));

/** 奖扣项目: bonus and deduction rows of a settlement form (Form.List `items`). */
export function SettlementItemsEditor() {
  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <div className="nurse-settlement-items">
          <Typography.Text strong>{T.items}</Typography.Text>
          {fields.length === 0 && <div style={{ color: '#999', margin: '8px 0' }}>{T.noItems}</div>}
          {fields.map((f) => (
            <Space key={f.key} align="baseline" style={{ display: 'flex', marginTop: 8 }} className="nurse-settlement-item">
              <Form.Item name={[f.name, 'kind']} rules={[{ required: true, message: '请选择奖扣类型!' }]}>
                <Select style={{ width: 90 }} options={NURSE_SETTLEMENT_ITEM_KINDS.map((k) => ({ value: k, label: NURSE_SETTLEMENT_ITEM_KIND_LABELS[k] }))} />
              </Form.Item>
              <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: '请输入奖扣项目!' }, { max: 50, message: '奖扣项目不能超过50个字符' }]}>
                <Input placeholder={T.itemName} maxLength={50} className="nurse-settlement-item-name" />
              </Form.Item>
              <Form.Item name={[f.name, 'amount']} rules={[{ required: true, message: '金额必须是大于0、最多两位小数的数' }, { validator: async (_, v) => { if (v !== null && v !== undefined && v !== '' && !(Number(v) > 0)) throw new Error('金额必须是大于0、最多两位小数的数'); } }]}>
                <InputNumber<string> placeholder={T.itemAmount} min="0" precision={2} stringMode style={{ width: 140 }} className="nurse-settlement-item-amount" />
              </Form.Item>
              <MinusCircleOutlined onClick={() => remove(f.name)} />
            </Space>
          ))}
          <Space style={{ marginTop: 8 }}>
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ kind: 'bonus', name: '', amount: null })} className="nurse-settlement-add-bonus">
              {T.addBonus}
            </Button>
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ kind: 'deduction', name: '', amount: null })} className="nurse-settlement-add-deduction">
              {T.addDeduction}
            </Button>
          </Space>
        </div>
      )}
    </Form.List>
  );
}

/** days × rate, the bonuses and deductions, and the total as the rows now stand. */
export function LiveTotal({ days, dailyRate }: { days: number; dailyRate: string }) {
  const form = Form.useFormInstance();
  const rows = Form.useWatch('items', form) as ItemRow[] | undefined;
  const a = settlementAmounts(days, dailyRate, itemsOf(rows));
  return (
    <div className="nurse-settlement-live-total" style={{ marginTop: 16, padding: 12, background: '#fafafa' }}>
      <div>{T.formula(days, dailyRate, a.baseAmount)}</div>
      <div>
        {T.bonusLine(a.bonus, a.deduction)}
      </div>
      <Typography.Text strong type={a.totalCents < 0 ? 'danger' : undefined}>
        {T.liveTotal}：<span className="nurse-settlement-total">¥{a.total}</span>
      </Typography.Text>
      {a.totalCents < 0 && <div style={{ color: '#ff4d4f' }}>{T.negative}</div>}
    </div>
  );
}
