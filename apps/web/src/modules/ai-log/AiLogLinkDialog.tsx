import { AI_LOG_LINK_DAYS, AI_LOG_LINK_STATE_LABELS, aiLogContract, type AiLogLink } from '@care/shared';
import { PublicLinkDialog } from '../../components/public-link/PublicLinkDialog';
import { useServices } from '../../lib/useServices';
import { AiLogLinkText as T } from './ai-log-text';

/**
 * 查看链接 of the AI log (ai:aiLog:link): the company's links, 生成链接 for 1–30 days with the address
 * shown once and copied, 撤销 confirmed.
 */
export function AiLogLinkDialog({ onClose }: { onClose: () => void }) {
  const { request } = useServices();
  return (
    <PublicLinkDialog<AiLogLink>
      title={T.title}
      texts={T}
      stateLabels={AI_LOG_LINK_STATE_LABELS}
      days={AI_LOG_LINK_DAYS}
      queryKey={['aiLogLinks']}
      list={() => request.call(aiLogContract.links)}
      issue={{ contract: aiLogContract.addLink, call: (days) => request.call(aiLogContract.addLink, { days }) }}
      revoke={{ contract: aiLogContract.revokeLink, call: (link) => request.call(aiLogContract.revokeLink, { id: link.id, version: link.version }) }}
      classPrefix="ai-log-link"
      onClose={onClose}
    />
  );
}
