import { useCallback } from 'react';
import { App } from 'antd';
import type { z } from 'zod';
import type { Contract } from '@care/shared';
import type { ProTableAnswer } from '../crud/pro-table-request';

/** Texts the dictionary and rule pages share. */
export const AdminText = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
  actions: '操作',
  on: '启用',
  off: '停用',
  status: '状态',
  description: '描述',
  updatedAt: '更新时间',
  createdAt: '创建时间',
  noAccess: '您没有查看此列表的权限',
} as const;

const nothing = async (): Promise<ProTableAnswer<never>> => ({ data: [], total: 0, success: true });

/** A list request that asks the server only when the user may list (otherwise an empty list, no 拒绝访问 notice). */
export function whenAllowed<F extends (...args: never[]) => Promise<ProTableAnswer<unknown>>>(allowed: boolean, request: F): F {
  return allowed ? request : (nothing as unknown as F);
}

/** Shows the contract's success text (添加成功！, 编辑成功! …) as the server words it. */
export function useSuccessNotice(): (contract: Contract) => void {
  const { message } = App.useApp();
  return useCallback(
    (contract: Contract) => {
      if (contract.successMessage) void message.success(contract.successMessage);
    },
    [message],
  );
}

/** An antd rule from one field's shared zod schema: the form shows the message the server would answer. */
export function zodFieldRule(schema: z.ZodType, required = false) {
  return {
    ...(required ? { required: true } : {}),
    validator: async (_rule: unknown, value: unknown) => {
      const parsed = schema.safeParse(value ?? '');
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    },
  };
}

/**
 * The form's values as the request would send them: text fields never touched are '' (so the shared
 * schema answers "请输入…!" rather than a type error), other fields as they are.
 */
export function asSent(values: Record<string, unknown>, textFields: readonly string[]): Record<string, unknown> {
  const out = { ...values };
  for (const field of textFields) if (out[field] === undefined || out[field] === null) out[field] = '';
  return out;
}
