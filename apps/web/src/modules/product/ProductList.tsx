import { useState } from 'react';
import { Descriptions, Modal, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Permission, productContract, productResource, type Product, type ProductVersion } from '@care/shared';
import { ResourceForm, type ResourceFormProps } from '../../components/crud/ResourceForm';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { DictTag } from '../../components/dict/DictTag';
import { useDictOptions } from '../../components/dict/useDictOptions';
import { useServices } from '../../lib/useServices';
import { itemsSummary, ProductItemsEditor } from './ProductItemsEditor';
import { RoomTypeSelect, StoresSelect } from './product-pickers';

export const ProductPageText = {
  tooltip: '修改产品编码、名称、类型、天数、房型、标价或服务项目会生成新版本；已下单的订单保留下单时的版本。',
  versions: '版本记录',
  versionsOf: (name: string) => `版本记录 - ${name}`,
  version: (n: number) => `V${n}`,
  current: '当前',
  items: '服务项目',
  createdAt: '生成时间',
  createdBy: '操作人',
  none: '-',
  roomTypeHint: '套餐固定房型时选择；按门店定价的房型在财务定价中设置',
} as const;

const as = (row: unknown) => row as Product;

/** Labels of the service_item dictionary, for summaries. */
function useServiceItemLabel() {
  const { data } = useDictOptions('service_item');
  return (code: string) => data?.find((o) => o.value === code)?.label ?? code;
}

/** 产品 (/base/product): products and packages with their included services; every change of what is sold is a new version. */
export function ProductList() {
  const [versionsOf, setVersionsOf] = useState<Product | null>(null);
  const label = useServiceItemLabel();
  return (
    <>
      <ResourceTable
        resource={productResource}
        contracts={productContract}
        tooltip={ProductPageText.tooltip}
        columns={{
          code: { copyable: true },
          storeIds: { hideInTable: false, render: (_, row) => as(row).storeNames.join('、') || ProductPageText.none },
          roomTypeId: { hideInTable: false, render: (_, row) => as(row).roomTypeName ?? ProductPageText.none },
          listPrice: { render: (_, row) => `¥${as(row).listPrice}` },
          remark: { hideInTable: true },
          versionNo: { render: (_, row) => <Tag>{ProductPageText.version(as(row).versionNo)}</Tag> },
          currentVersionId: { hideInTable: true, search: false },
        }}
        extraColumns={[{ title: ProductPageText.items, key: 'items', ellipsis: true, width: 220, search: false, render: (_, row) => itemsSummary(as(row).items, label) || ProductPageText.none }]}
        rowActions={(row) => [{ key: 'versions', label: ProductPageText.versions, permission: Permission.productList, onClick: () => setVersionsOf(as(row)) }]}
        renderForm={(dialog) => <ProductForm {...dialog} />}
      />
      <ProductVersionsModal product={versionsOf} onClose={() => setVersionsOf(null)} />
    </>
  );
}

function ProductForm(dialog: Pick<ResourceFormProps, 'row' | 'open' | 'onClose' | 'onSaved'>) {
  return (
    <ResourceForm
      {...dialog}
      resource={productResource}
      add={productContract.add}
      edit={productContract.edit}
      width={860}
      extra={{ roomTypeId: ProductPageText.roomTypeHint }}
      inputs={{
        storeIds: <StoresSelect />,
        roomTypeId: <RoomTypeSelect storeField="storeIds" />,
        items: <ProductItemsEditor />,
      }}
    />
  );
}

/** 版本记录: what each version sold, newest first. */
function ProductVersionsModal({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { request } = useServices();
  const label = useServiceItemLabel();
  const versions = useQuery({
    queryKey: ['product', 'versions', product?.id, product?.versionNo],
    queryFn: (): Promise<ProductVersion[]> => request.call(productContract.versions, { productId: product?.id ?? '' }),
    enabled: product !== null,
  });
  return (
    <Modal open={product !== null} title={product ? ProductPageText.versionsOf(product.name) : ProductPageText.versions} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      <Table<ProductVersion>
        className="product-versions"
        size="small"
        rowKey="id"
        loading={versions.isLoading}
        dataSource={versions.data ?? []}
        pagination={false}
        expandable={{
          expandedRowRender: (v) => (
            <Descriptions size="small" column={1}>
              {v.snapshot.items.map((i) => (
                <Descriptions.Item key={i.serviceItem} label={label(i.serviceItem)}>
                  {i.onDemand ? '按需' : `${i.quantity ?? 0} 次`}
                  {i.validDays ? `，${i.validDays} 天内有效` : ''}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ),
        }}
        columns={[
          {
            title: productResource.fields.versionNo.label,
            dataIndex: 'versionNo',
            render: (n: number, v) => (
              <>
                {ProductPageText.version(n)} {v.id === product?.currentVersionId && <Tag color="green">{ProductPageText.current}</Tag>}
              </>
            ),
          },
          { title: productResource.fields.code.label, render: (_, v) => v.snapshot.code },
          { title: productResource.fields.name.label, render: (_, v) => v.snapshot.name },
          { title: productResource.fields.kind.label, render: (_, v) => <DictTag code="product_kind" value={v.snapshot.kind} /> },
          { title: productResource.fields.days.label, align: 'right', render: (_, v) => v.snapshot.days },
          { title: productResource.fields.roomTypeId.label, render: (_, v) => v.snapshot.roomTypeName ?? ProductPageText.none },
          { title: productResource.fields.listPrice.label, align: 'right', render: (_, v) => `¥${v.snapshot.listPrice}` },
          { title: ProductPageText.items, ellipsis: true, render: (_, v) => itemsSummary(v.snapshot.items, label) },
          { title: ProductPageText.createdBy, dataIndex: 'createdBy' },
          { title: ProductPageText.createdAt, dataIndex: 'createdAt', width: 160 },
        ]}
      />
    </Modal>
  );
}
