/** 安全组 and 角色 are two pages over the same security groups; only the noun differs. */
export type GroupNoun = '安全组' | '角色';

export function groupText(noun: GroupNoun) {
  return {
    add: `新增${noun}`,
    edit: '编辑',
    editTitle: `编辑${noun}`,
    members: '分配用户',
    permissions: '分配权限',
    code: `${noun}编码`,
    name: `${noun}名称`,
    description: '描述',
    enabled: '状态',
    on: '启用',
    off: '停用',
    allPermissions: '全部权限',
    allPermissionsTag: '拥有全部权限',
    createdAt: '创建时间',
    actions: '操作',
    disableTitle: `停用${noun}`,
    disableConfirm: `停用后，该${noun}的成员将立即失去它授予的菜单和按钮。确定停用吗？`,
    codePlaceholder: '字母、数字、_ 或 -',
  } as const;
}

/** Shared zod messages name the 安全组; the 角色 page says 角色. */
export function withNoun(message: string, noun: GroupNoun): string {
  return noun === '安全组' ? message : message.replaceAll('安全组', noun);
}
