import type { Contract, ContractResult, PageResult } from '@care/shared';
import type { ContractInput, RequestClient } from '../../lib/request';

/** What ProTable's `request` prop expects back. */
export interface ProTableAnswer<T> {
  data: T[];
  total: number;
  success: boolean;
}

type PagedContract = Contract & { result: { _zod: { output: PageResult<unknown> } } };
type RowOf<C> = ContractResult<C> extends PageResult<infer T> ? T : never;

/**
 * ProTable's search form and pager speak `{ current, pageSize, …filters }` and sort as
 * `{ field: 'ascend' }`; our list contracts speak `{ pageNo, pageSize, column, order, …filters }`.
 * Empty strings become absent so that a cleared filter means "no filter".
 */
export function toPageQuery(params: Record<string, unknown>, sort?: Record<string, 'ascend' | 'descend' | null>): Record<string, unknown> {
  const { current, pageSize, keyword: _keyword, ...filters } = params;
  const query: Record<string, unknown> = { pageNo: current ?? 1, pageSize: pageSize ?? 10 };
  for (const [key, value] of Object.entries(filters)) {
    if (value === '' || value === undefined || value === null) continue;
    query[key] = typeof value === 'string' ? value.trim() : value;
  }
  const sorted = Object.entries(sort ?? {}).find(([, direction]) => direction);
  if (sorted) {
    query.column = sorted[0];
    query.order = sorted[1] === 'ascend' ? 'asc' : 'desc';
  }
  return query;
}

export interface ProTableRequestOptions {
  /** Fixed filters (a selected tree node…). */
  extra?: Record<string, unknown>;
  /** Reshapes form values (a date range into from/to…) before they are sent. */
  mapFilters?: (query: Record<string, unknown>) => Record<string, unknown>;
  /** false: the user lacks the list's action, so the list stays empty without asking the server. */
  allowed?: boolean;
  /** Told after each page where the server stopped counting (`totalCapped`), or null: see `pageTotalText`. */
  onCapped?: (cap: number | null) => void;
}

/** ProTable's pager text, with "10000+" when the server stopped counting at `cap`. */
export function pageTotalText(cap: number | null) {
  return (total: number, range: [number, number]) => `第 ${range[0]}-${range[1]} 条/总共 ${cap ?? total}${cap === null ? '' : '+'} 条`;
}

/**
 * The total the pager works with. Past the server's counting cap a full page promises one more, so
 * the next page stays reachable however deep the list goes.
 */
export function pagerTotal(page: Pick<PageResult<unknown>, 'records' | 'total' | 'current' | 'size' | 'totalCapped'>): number {
  if (!page.totalCapped) return page.total;
  const seen = (page.current - 1) * page.size + page.records.length;
  return Math.max(page.total, page.records.length === page.size ? seen + 1 : seen);
}

/**
 * A ProTable `request` for a paged list contract. It never rejects: ProTable would rethrow a failed
 * request as an uncaught error, while the request layer has already told the user what went wrong.
 */
export function proTableRequest<C extends PagedContract>(request: RequestClient, contract: C, options: ProTableRequestOptions = {}) {
  return async (params: Record<string, unknown>, sort?: Record<string, 'ascend' | 'descend' | null>): Promise<ProTableAnswer<RowOf<C>>> => {
    if (options.allowed === false) return { data: [], total: 0, success: true };
    let query = { ...toPageQuery(params, sort), ...options.extra };
    if (options.mapFilters) query = options.mapFilters(query);
    try {
      const page = (await request.call(contract, ...([query as ContractInput<C>] as never))) as PageResult<RowOf<C>>;
      options.onCapped?.(page.totalCapped ? page.total : null);
      return { data: page.records, total: pagerTotal(page), success: true };
    } catch {
      return { data: [], total: 0, success: false };
    }
  };
}
