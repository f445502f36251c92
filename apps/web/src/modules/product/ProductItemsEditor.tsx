import { Button, Checkbox, InputNumber, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ProductText, type ProductItem } from '@care/shared';
import { DictSelect } from '../../components/dict/DictSelect';

export const ItemsText = { add: '添加服务项目', item: '服务项目', onDemand: '按需', quantity: '次数', validDays: '有效天数', remove: '删除', none: '暂无服务项目' } as const;

const blank: ProductItem = { serviceItem: '', onDemand: false, quantity: 1, validDays: null };

/** The services a product includes, edited in place: item, 按需 or a number of times, days valid (empty: 不限). */
export function ProductItemsEditor({ value = [], onChange }: { value?: ProductItem[]; onChange?: (items: ProductItem[]) => void }) {
  const set = (i: number, change: Partial<ProductItem>) => onChange?.(value.map((item, j) => (j === i ? { ...item, ...change } : item)));
  return (
    <div className="product-items">
      <Table<ProductItem & { i: number }>
        size="small"
        pagination={false}
        rowKey="i"
        locale={{ emptyText: ItemsText.none }}
        dataSource={value.map((item, i) => ({ ...item, i }))}
        columns={[
          { title: ItemsText.item, width: 180, render: (_, row) => <DictSelect code="service_item" value={row.serviceItem || undefined} onChange={(v) => set(row.i, { serviceItem: String(v ?? '') })} style={{ width: '100%' }} /> },
          {
            title: ItemsText.onDemand,
            width: 64,
            render: (_, row) => <Checkbox checked={row.onDemand} onChange={(e) => set(row.i, { onDemand: e.target.checked, quantity: e.target.checked ? null : 1 })} />,
          },
          {
            title: ItemsText.quantity,
            width: 100,
            render: (_, row) =>
              row.onDemand ? ProductText.onDemand : <InputNumber min={1} max={999} precision={0} value={row.quantity} onChange={(v) => set(row.i, { quantity: v })} style={{ width: 84 }} />,
          },
          {
            title: ItemsText.validDays,
            width: 110,
            render: (_, row) => (
              <InputNumber min={1} max={3650} precision={0} placeholder={ProductText.validityUnlimited} value={row.validDays} onChange={(v) => set(row.i, { validDays: v })} style={{ width: 94 }} />
            ),
          },
          {
            width: 48,
            render: (_, row) => <Button type="link" danger icon={<DeleteOutlined />} aria-label={ItemsText.remove} onClick={() => onChange?.(value.filter((_, j) => j !== row.i))} />,
          },
        ]}
      />
      <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => onChange?.([...value, blank])}>
        {ItemsText.add}
      </Button>
    </div>
  );
}

/** 产后康复×6、月子餐(按需) … as one line. */
export function itemsSummary(items: readonly ProductItem[], labelOf: (code: string) => string): string {
  return items.map((i) => `${labelOf(i.serviceItem)}${i.onDemand ? `(${ProductText.onDemand})` : `×${i.quantity ?? 0}`}`).join('、');
}
