import type { z } from 'zod';

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
