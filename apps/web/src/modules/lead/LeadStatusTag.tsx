import type { LeadStatus } from '@care/shared';
import { DictTag } from '../../components/dict/DictTag';

/** A lead's status (enum `lead_status`) as a coloured tag: 待跟进, 跟进中, 已预约参观 … */
export function LeadStatusTag({ status }: { status: LeadStatus }) {
  return (
    <span className="lead-status" data-status={status}>
      <DictTag code="lead_status" value={status} />
    </span>
  );
}
