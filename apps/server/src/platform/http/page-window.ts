import { MAX_PAGE_WINDOW, PagingText } from '@care/shared';
import { BizError } from '../errors.js';

/**
 * Every paged list (a body or query with pageNo and pageSize) reaches at most MAX_PAGE_WINDOW rows
 * deep, so a huge page number cannot make the database skip millions of rows.
 */
export function assertPageWindow(...inputs: unknown[]): void {
  for (const input of inputs) {
    if (!input || typeof input !== 'object') continue;
    const { pageNo, pageSize } = input as { pageNo?: unknown; pageSize?: unknown };
    if (typeof pageNo === 'number' && typeof pageSize === 'number' && pageNo * pageSize > MAX_PAGE_WINDOW) throw new BizError(PagingText.tooDeep);
  }
}
