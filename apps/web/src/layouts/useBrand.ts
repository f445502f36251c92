import { DEFAULT_LOGO_TITLE, systemContract, type SystemConfig } from '@care/shared';
import { useQuery } from '@tanstack/react-query';
import { StorageKey } from '../lib/storage';
import { useServices } from '../lib/useServices';

export interface Brand {
  /** systemName of the system config, else 科技平台 (spec §9). */
  title: string;
  /** A stored upload path or an address; '' for the default logo. */
  logo: string;
  copyright: string;
}

export const DEFAULT_LOGO = `${import.meta.env.BASE_URL}favicon.svg`;

/** The shell's logo, title and footer text from the system config (the same query as the login page). */
export function useBrand(): Brand {
  const { request, storage } = useServices();
  const cached = storage.get<Partial<SystemConfig>>(StorageKey.systemConfig);
  const { data } = useQuery({
    queryKey: ['system', 'config'],
    queryFn: () => request.call(systemContract.getSystemConfig),
    staleTime: 5 * 60 * 1000,
  });
  const config = data ?? cached ?? {};
  return {
    title: config.systemName?.trim() || DEFAULT_LOGO_TITLE,
    logo: config.logoImageUrl?.trim() ?? '',
    copyright: config.copyrightDesc?.trim() ?? '',
  };
}
