import { Popconfirm } from 'antd';
import { Authorized } from '../../lib/authorized';
import { CrmText } from './crm-text';

interface StatusSwitchLinkProps {
  action: string;
  name: string;
  enabled: boolean;
  onSwitch: (enabled: boolean) => Promise<unknown>;
}

/** 启用 / 停用 of a row, behind its action, confirmed first. */
export function StatusSwitchLink({ action, name, enabled, onSwitch }: StatusSwitchLinkProps) {
  return (
    <Authorized action={action}>
      <Popconfirm
        title={enabled ? CrmText.disableConfirm(name) : CrmText.enableConfirm(name)}
        onConfirm={() => onSwitch(!enabled).catch(() => undefined)}
      >
        <a style={enabled ? { color: '#ff4d4f' } : undefined}>{enabled ? CrmText.disable : CrmText.enable}</a>
      </Popconfirm>
    </Authorized>
  );
}
