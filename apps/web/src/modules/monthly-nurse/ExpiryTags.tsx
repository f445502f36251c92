import { Space, Tag, Tooltip } from 'antd';
import { EXPIRY_FLAG_LABELS, type ExpiryFlag, type NurseExpiryItem } from '@care/shared';

const COLORS: Record<ExpiryFlag, string> = { expired: 'red', expiring: 'orange' };

/** One flag as a tag: red 已过期, orange 即将过期; nothing without a flag. */
export function ExpiryFlagTag({ flag, title }: { flag: ExpiryFlag | null | undefined; title?: string }) {
  if (!flag) return null;
  const tag = (
    <Tag color={COLORS[flag]} data-expiry={flag}>
      {title ? `${title}${EXPIRY_FLAG_LABELS[flag]}` : EXPIRY_FLAG_LABELS[flag]}
    </Tag>
  );
  return tag;
}

/** 证件预警 of a nurse: a tag per flagged expiry (健康证, 保险, certificates), its date in the hint. */
export function ExpiryTags({ items }: { items: readonly NurseExpiryItem[] | undefined }) {
  if (!items?.length) return <>-</>;
  return (
    <Space size={[0, 4]} wrap className="nurse-expiry-tags">
      {items.map((item) => (
        <Tooltip key={`${item.kind}-${item.name}-${item.expiresOn}`} title={item.expiresOn}>
          <span>
            <ExpiryFlagTag flag={item.flag} title={item.name} />
          </span>
        </Tooltip>
      ))}
    </Space>
  );
}
