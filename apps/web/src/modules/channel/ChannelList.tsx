import { channelContract, channelResource } from '@care/shared';
import { CrmOptionsTable } from '../../components/crm/CrmOptionsTable';

/** 渠道 (/crm/channel): partner channels (医院, 产检机构, 母婴店 …) earning a commission. */
export function ChannelList() {
  return (
    <CrmOptionsTable
      kind="channel"
      resource={channelResource}
      contracts={channelContract}
      columns={{
        contractStart: { title: '合作期限', render: (_, row) => (row.contractStart || row.contractEnd ? `${String(row.contractStart ?? '…')} ~ ${String(row.contractEnd ?? '…')}` : '-') },
        contractEnd: { hideInTable: true },
      }}
    />
  );
}
