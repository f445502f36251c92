import { NURSE_LINK_DAYS, NURSE_LINK_STATE_LABELS, nurseLinkContract, Permission, type NurseLink } from '@care/shared';
import { PublicLinkDialog } from '../../components/public-link/PublicLinkDialog';
import { useAuthorized } from '../../lib/authorized';
import { useServices } from '../../lib/useServices';
import { NurseLinkActionText as T } from './nurse-link-text';

/**
 * 编辑链接 of one nurse (opened from the 月嫂 page's row action, shown to holders of
 * serve:nurseLink:list): her links (issued, by, expires, last used, revoked), 生成链接 for 1–30 days
 * with the new address shown once and copied, 撤销 confirmed; 生成 and 撤销 need their own actions.
 */
export function NurseLinkDialog({ nurse, onClose }: { nurse: { id: string; name: string }; onClose: () => void }) {
  const { request } = useServices();
  const authorized = useAuthorized();
  return (
    <PublicLinkDialog<NurseLink>
      title={T.title(nurse.name)}
      texts={T}
      stateLabels={NURSE_LINK_STATE_LABELS}
      days={NURSE_LINK_DAYS}
      queryKey={['nurseLink', nurse.id]}
      list={() => request.call(nurseLinkContract.list, { nurseId: nurse.id })}
      issue={authorized(Permission.nurseLinkAdd) ? { contract: nurseLinkContract.add, call: (days) => request.call(nurseLinkContract.add, { nurseId: nurse.id, days }) } : undefined}
      revoke={authorized(Permission.nurseLinkRevoke) ? { contract: nurseLinkContract.revoke, call: (link) => request.call(nurseLinkContract.revoke, { id: link.id, version: link.version }) } : undefined}
      onClose={onClose}
    />
  );
}
