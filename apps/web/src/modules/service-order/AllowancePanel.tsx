import { Empty, Progress, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { serviceOrderContract, type Allowance } from '@care/shared';
import { useDictOptions } from '../../components/dict/useDictOptions';
import { useServices } from '../../lib/useServices';
import { ServiceOrderPageText as T } from './service-order-text';

export const allowanceQueryKey = (orderId: string) => ['serviceOrder', 'allowance', orderId] as const;

/** The order's package allowance, read from the server. */
export function useAllowance(orderId: string | null | undefined) {
  const { request } = useServices();
  return useQuery({
    queryKey: allowanceQueryKey(orderId ?? ''),
    queryFn: () => request.call(serviceOrderContract.allowance, { orderId: orderId! }),
    enabled: Boolean(orderId),
  });
}

/** 套餐余量: per package item, used/total (按需 unlimited) and the last day it may be used. */
export function AllowancePanel({ allowance, loading }: { allowance: Allowance | undefined; loading?: boolean }) {
  const items = useDictOptions('service_item');
  const label = (value: string) => items.data?.find((o) => o.value === value)?.label ?? value;
  if (loading) return <Spin size="small" />;
  if (!allowance || allowance.items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.allowanceEmpty} />;
  return (
    <div className="service-allowance">
      {allowance.items.map((i) => (
        <div key={i.serviceItem} className="service-allowance-item" data-item={i.serviceItem} style={{ marginBottom: 8 }}>
          <Space size={8} wrap>
            <Typography.Text strong>{label(i.serviceItem)}</Typography.Text>
            <span className="service-allowance-used">{T.usedOf(i.used, i.total)}</span>
            {i.onDemand && <Tag color="blue">{T.onDemand}</Tag>}
            {i.validUntil && <Typography.Text type="secondary">{T.validUntil(i.validUntil)}</Typography.Text>}
          </Space>
          {i.total !== null && <Progress percent={i.total ? Math.round((i.used / i.total) * 100) : 100} size="small" status={i.remaining === 0 ? 'exception' : 'normal'} showInfo={false} />}
        </div>
      ))}
    </div>
  );
}
