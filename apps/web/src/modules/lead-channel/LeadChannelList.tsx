import { leadChannelContract, leadChannelResource } from '@care/shared';
import { CrmOptionsTable } from '../../components/crm/CrmOptionsTable';

/** 线索渠道 (/crm/leadChannel): where leads come from (线上/线下/转介绍/内部) and what they cost per month. */
export function LeadChannelList() {
  return (
    <CrmOptionsTable
      kind="leadChannel"
      resource={leadChannelResource}
      contracts={leadChannelContract}
      className="lead-channel-table"
      columns={{ code: { copyable: true }, sort: { width: 80 } }}
      form={{ lockedOnEdit: ['code'] }}
    />
  );
}
