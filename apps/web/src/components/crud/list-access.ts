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

/** `listRequest` with the permission first (kept for the pages that call it so). */
export function whenAllowed<F extends ListRequest>(allowed: boolean, request: F): F {
  return listRequest(request, allowed);
}
