import type { ChangeOrder } from '@care/shared';
import { ChangeOrderPageText as text } from './change-order-text';

/** What changes, in words: 续住N天, 101 → 201（date起）, product → product, 调整应收金额. */
export function changeDetail(r: Pick<ChangeOrder, 'kind' | 'days' | 'fromRoomNo' | 'toRoomNo' | 'effectiveDate' | 'fromProductName' | 'toProductName'>): string {
  if (r.kind === 'extend') return text.extendDetail(r.days);
  if (r.kind === 'change_room') return `${r.fromRoomNo ?? ''} → ${r.toRoomNo ?? ''}${r.effectiveDate ? `（${r.effectiveDate}起）` : ''}`;
  if (r.kind === 'upgrade') return `${r.fromProductName ?? ''} → ${r.toProductName ?? ''}`;
  if (r.kind === 'adjust') return text.adjustDetail;
  return '';
}
