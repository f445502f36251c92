/** Words the organisation pages share. */
export const OrgText = {
  enabled: '启用',
  disabled: '停用',
  status: '状态',
  actions: '操作',
  edit: '编辑',
  add: '新增',
  remove: '删除',
  save: '保存',
  cancel: '取消',
  createdAt: '创建时间',
  yes: '是',
  no: '否',
} as const;

