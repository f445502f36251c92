import { z } from 'zod';

export const DepartmentText = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  hasChildren: '该部门下还有子部门，不能删除',
  hasUsers: '该部门下还有用户，不能删除',
  parentMissing: '上级部门不存在',
  headMissing: '所选负责人不存在',
} as const;

/** One department (部门) of the session company; `code` is hierarchical (A01, A01A02 …). */
export const departmentSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  /** 部门负责人: a user of the company, or none. */
  headUserId: z.string().nullable(),
  /** The head's name (姓名), for display. */
  headUserName: z.string().nullable(),
  version: z.number().int(),
  /** Whether the department has child departments (for lazy tree loading). */
  hasChildren: z.boolean(),
});
export type Department = z.infer<typeof departmentSchema>;

/** A node of the whole department tree, shaped for antd TreeSelect. */
export interface DepartmentTreeNode {
  key: string;
  value: string;
  title: string;
  code: string;
  children: DepartmentTreeNode[];
}
export const departmentTreeNodeSchema: z.ZodType<DepartmentTreeNode> = z.lazy(() =>
  z.object({ key: z.string(), value: z.string(), title: z.string(), code: z.string(), children: z.array(departmentTreeNodeSchema) }),
);

const fields = {
  name: z.string().trim().min(1, '请输入部门名称!').max(100, '部门名称不能超过100个字符'),
  sort: z.number().int().min(0).max(100000).default(0),
  enabled: z.boolean().default(true),
  /** 部门负责人: a user of the session company; null clears it; on edit, omitted keeps it. */
  headUserId: z.uuid({ message: '负责人ID不正确' }).nullish(),
};

export const departmentCreateSchema = z.object({
  /** The parent department; a top-level department when omitted. */
  parentId: z.uuid({ message: '上级部门ID不正确' }).nullish(),
  ...fields,
});
export type DepartmentCreate = z.infer<typeof departmentCreateSchema>;

export const departmentEditSchema = z.object({ id: z.uuid({ message: '缺少部门ID' }), version: z.number().int().min(1), ...fields });
export type DepartmentEdit = z.infer<typeof departmentEditSchema>;
