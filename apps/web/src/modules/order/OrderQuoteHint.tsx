import { Alert, Form, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { orderContract, OrderText, orderQuoteSchema, priceCents } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { OrderPageText as text } from './order-text';

/**
 * Under 成交价: the reference and floor price in force on the planned check-in, as soon as product,
 * store, room type, days and date are chosen, and a warning when the deal is below the floor.
 */
export function OrderQuoteHint() {
  const form = Form.useFormInstance();
  const { request } = useServices();
  const values = {
    productId: Form.useWatch<string | undefined>('productId', form),
    storeId: Form.useWatch<string | undefined>('storeId', form),
    roomTypeId: Form.useWatch<string | null | undefined>('roomTypeId', form) ?? null,
    days: Form.useWatch<number | undefined>('days', form),
    plannedCheckIn: Form.useWatch<string | undefined>('plannedCheckIn', form),
  };
  const deal = Form.useWatch<string | undefined>('dealPrice', form);
  const asked = orderQuoteSchema.safeParse(values);
  const quote = useQuery({
    queryKey: ['order', 'quote', values],
    queryFn: () => request.call(orderContract.quote, asked.data!),
    enabled: asked.success,
    retry: false,
    staleTime: 30_000,
  });
  if (!asked.success) return <Typography.Text type="secondary">{text.quotePick}</Typography.Text>;
  if (quote.isLoading) return <Typography.Text type="secondary">{text.quoteLoading}</Typography.Text>;
  if (!quote.data) return null;
  if (quote.data.missing || !quote.data.floorPrice || !quote.data.referencePrice) return <Alert className="order-quote-missing" type="error" showIcon message={quote.data.missing} />;
  const below = deal !== undefined && deal !== null && String(deal) !== '' && priceCents(deal) < priceCents(quote.data.floorPrice);
  return (
    <div className="order-quote">
      <Typography.Text>{text.quote(quote.data.referencePrice, quote.data.floorPrice, quote.data.plannedCheckOut)}</Typography.Text>
      {below && <Alert className="order-below-floor" type="warning" showIcon message={OrderText.belowFloor(quote.data.floorPrice)} style={{ marginTop: 4 }} />}
    </div>
  );
}
