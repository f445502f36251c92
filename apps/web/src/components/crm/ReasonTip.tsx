import type { ReactNode } from 'react';
import { Tooltip } from 'antd';

/** A status tag that shows why on hover (`<label>：<reason>`) when there is a reason. */
export function ReasonTip({ label, reason, children }: { label: string; reason: string | null | undefined; children: ReactNode }) {
  if (!reason) return children;
  return (
    <Tooltip title={`${label}：${reason}`}>
      <span>{children}</span>
    </Tooltip>
  );
}
