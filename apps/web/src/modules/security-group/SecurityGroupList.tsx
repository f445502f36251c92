import { SecurityGroupAdmin } from './SecurityGroupAdmin';

/** 安全组 (/system/securityGroup). */
export function SecurityGroupList() {
  return <SecurityGroupAdmin noun="安全组" />;
}
