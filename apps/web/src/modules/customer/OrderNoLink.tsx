/** An order number on the 360 page. */
export function OrderNoLink({ orderNo }: { orderNo: string }) {
  return <span className="order-no">{orderNo}</span>;
}
