import { systemContract } from '@care/shared';
import { useQuery } from '@tanstack/react-query';
import { useServices } from './useServices';
import { useSessionStore } from './session-store';

/**
 * 四眼原则 on the pages (docs/money.md): whether a record the signed-in person created is hers to
 * audit. False for her own records unless 系统配置 allows one person both; the server refuses anyway,
 * this only leaves the button off. Shares the shell's query of the system config.
 */
export function useMayAuditOwn(): (createdBy: string | null | undefined) => boolean {
  const { request } = useServices();
  const selfId = useSessionStore((s) => s.userInfo?.partyId ?? '');
  const { data } = useQuery({
    queryKey: ['system', 'config'],
    queryFn: () => request.call(systemContract.getSystemConfig),
    staleTime: 5 * 60 * 1000,
  });
  const allowed = data?.selfAuditAllowed ?? false;
  return (createdBy) => allowed || !createdBy || createdBy !== selfId;
}
