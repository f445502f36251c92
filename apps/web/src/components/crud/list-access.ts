import type { ReactNode } from 'react';
import { useAuthorized } from '../../lib/authorized/useAuthorized';
import type { ProTableAnswer } from './pro-table-request';

export const ListAccessText = { noAccess: '您没有查看此列表的权限' } as const;

type ListRequest = (...args: never[]) => Promise<ProTableAnswer<unknown>>;

/**
 * A ProTable `request` that asks the server only when the user holds the list's action (a user given
 * the menu without its 查询 button sees an empty list, not a 拒绝访问 notice; the server checks anyway),
 * and that never rejects: ProTable rethrows a failed request as an uncaught error, while the request
 * layer has already told the user what went wrong.
 */
export function listRequest<F extends ListRequest>(request: F, allowed = true): F {
  const guarded = async (...args: Parameters<F>): Promise<ProTableAnswer<unknown>> => {
    if (!allowed) return { data: [], total: 0, success: true };
    try {
      return await request(...args);
    } catch {
      return { data: [], total: 0, success: false };
    }
  };
  return guarded as F;
}

/** What a list shows to a user who may or may not see its rows: see `useListAccess`. */
export interface ListAccess {
  /** The user holds the list's action (always true for a list without one). */
  allowed: boolean;
  /** ProTable's `locale`: the no-access text instead of 暂无数据 when not allowed. */
  locale: { emptyText: ReactNode } | undefined;
  /** The list's request, asking the server only when allowed (`listRequest`). */
  gate: <F extends ListRequest>(request: F) => F;
}

/**
 * The one gate of a list's visibility: whether the signed-in user holds `action` (the list's 查询),
 * the text shown instead of rows when not, and the request that stays quiet then. A list without an
 * action (`undefined`) is open to whoever sees the page. ListTable uses it; a page that lists
 * otherwise (a calendar, a query, a drawer) reads `allowed`.
 */
export function useListAccess(action: string | undefined, noAccess: ReactNode = ListAccessText.noAccess): ListAccess {
  const authorized = useAuthorized();
  const allowed = action === undefined || authorized(action);
  return {
    allowed,
    locale: allowed ? undefined : { emptyText: noAccess },
    gate: (request) => listRequest(request, allowed),
  };
}
