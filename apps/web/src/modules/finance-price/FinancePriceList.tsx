import { financePriceContract, financePriceResource, FinancePriceText, type FinancePrice } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { StoreSelect } from '../../components/crm';
import { ProductSelect, RoomTypeSelect } from '../product/product-pickers';

export const FinancePricePageText = {
  tooltip: '同一产品、门店、房型、天数的生效期不能重叠；成交价低于底价需折扣审批。',
  effectiveOn: '生效于',
  openEnded: '不填为长期有效',
  noRoomType: '不限房型',
  period: '生效期',
} as const;

const as = (row: unknown) => row as FinancePrice;

/** 财务定价 (/finance/financePrice): reference and floor prices per product × store × room type × days and period. */
export function FinancePriceList() {
  return (
    <ResourceTable
      resource={financePriceResource}
      contracts={financePriceContract}
      nameField="productName"
      tooltip={FinancePricePageText.tooltip}
      columns={{
        productId: { render: (_, row) => as(row).productName ?? '-', renderFormItem: () => <ProductSelect /> },
        storeId: { render: (_, row) => as(row).storeName ?? '-', renderFormItem: () => <StoreSelect /> },
        roomTypeId: { render: (_, row) => as(row).roomTypeName ?? FinancePricePageText.noRoomType, renderFormItem: () => <RoomTypeSelect /> },
        referencePrice: { render: (_, row) => `¥${as(row).referencePrice}` },
        floorPrice: { render: (_, row) => `¥${as(row).floorPrice}` },
        effectiveFrom: { title: FinancePricePageText.period, render: (_, row) => FinancePriceText.period(String(as(row).effectiveFrom), as(row).effectiveTo) },
        effectiveTo: { hideInTable: true },
        remark: { hideInTable: true },
      }}
      extraColumns={[{ title: FinancePricePageText.effectiveOn, dataIndex: 'effectiveOn', valueType: 'date', hideInTable: true }]}
      form={{
        width: 680,
        extra: { effectiveTo: FinancePricePageText.openEnded },
        inputs: {
          productId: <ProductSelect />,
          storeId: <StoreSelect />,
          roomTypeId: <RoomTypeSelect storeField="storeId" />,
        },
      }}
    />
  );
}
