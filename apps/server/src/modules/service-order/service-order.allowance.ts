import { addDays, ServiceOrderText, type AllowanceItem, type ProductItem } from '@care/shared';
import { shanghaiDate } from '../../platform/time.js';


type SnapshotItem = Pick<ProductItem, 'serviceItem' | 'onDemand' | 'quantity' | 'validDays'>;

/** The items of an order's product snapshot (an order of a product without items has none). */
export function snapshotItems(snapshot: unknown): SnapshotItem[] {
  const items = (snapshot as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items.map((i: Partial<SnapshotItem>) => ({
    serviceItem: String(i.serviceItem ?? ''),
    onDemand: Boolean(i.onDemand),
    quantity: typeof i.quantity === 'number' ? i.quantity : null,
    validDays: typeof i.validDays === 'number' ? i.validDays : null,
  }));
}

/**
 * The allowance of each package item: total (null: 按需), used (completed 套餐内 quantities),
 * remaining, and the last day it may be used — validDays counted from `startDate`, that day being the first.
 */
export function allowanceItems(items: SnapshotItem[], used: Map<string, number>, startDate: string | null): AllowanceItem[] {
  return items.map((i) => {
    const spent = used.get(i.serviceItem) ?? 0;
    const total = i.onDemand ? null : (i.quantity ?? 0);
    return {
      serviceItem: i.serviceItem,
      onDemand: i.onDemand,
      total,
      used: spent,
      remaining: total === null ? null : Math.max(total - spent, 0),
      validDays: i.validDays,
      validUntil: startDate && i.validDays ? addDays(startDate, i.validDays - 1) : null,
    };
  });
}

/** The day validity counts from: the check-in, else the planned check-in. */
export function allowanceStart(order: { checked_in_at: Date | null; planned_check_in: string | null }): string | null {
  return order.checked_in_at ? shanghaiDate(order.checked_in_at) : order.planned_check_in;
}

/**
 * Why completing a 套餐内 service of `quantity` would overspend the package, or null when it may:
 * not a package item, past the item's validity, or used up (按需 items are unlimited). 加购 is never asked.
 */
export function packageRefusal(item: AllowanceItem | undefined, quantity: number, today: string, label: string): string | null {
  if (!item) return ServiceOrderText.notInPackage(label);
  if (item.validUntil && today > item.validUntil) return ServiceOrderText.expired(label, item.validUntil);
  if (item.total !== null && item.used + quantity > item.total) return ServiceOrderText.usedUp(label, item.used, item.total);
  return null;
}
