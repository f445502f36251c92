/** The 客户 360 page of a customer (the hidden menu route `/crm/customer/detail/:id` of permission.seed.ts). */
export function customerDetailPath(id: string): string {
  return `/crm/customer/detail/${encodeURIComponent(id)}`;
}
