import { SecurityGroupAdmin } from './SecurityGroupAdmin';

/** 角色 (/system/role): the same security groups as 安全组, named as roles. */
export function RoleList() {
  return <SecurityGroupAdmin noun="角色" />;
}
