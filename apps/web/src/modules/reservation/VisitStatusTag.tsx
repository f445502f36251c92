import type { VisitStatus } from '@care/shared';
import { DictTag } from '../../components/dict/DictTag';

/** A visit's status (enum `visit_status`) as a coloured tag: 待到店, 已到店, 未到店, 已取消. */
export function VisitStatusTag({ status }: { status: VisitStatus }) {
  return (
    <span className="visit-status" data-status={status}>
      <DictTag code="visit_status" value={status} />
    </span>
  );
}
