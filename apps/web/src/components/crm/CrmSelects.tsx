import type { SelectProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { channelContract, leadChannelContract, storeContract, type CrmOption } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { SearchSelect } from '../form/SearchSelect';

/** Query keys of the option lists (enabled rows of the session company). */
export const CrmOptionKey = {
  store: ['crm', 'options', 'store'],
  leadChannel: ['crm', 'options', 'leadChannel'],
  channel: ['crm', 'options', 'channel'],
} as const;

export type CrmOptionKind = keyof typeof CrmOptionKey;
type OptionKind = CrmOptionKind;

const optionContracts = { store: storeContract.options, leadChannel: leadChannelContract.options, channel: channelContract.options } as const;

const OPTIONS_STALE_MS = 60_000;

/** Enabled stores, lead channels or channels for selects (any signed-in user may read them). */
export function useCrmOptions(kind: OptionKind) {
  const { request } = useServices();
  return useQuery({
    queryKey: CrmOptionKey[kind],
    queryFn: (): Promise<CrmOption[]> => request.call(optionContracts[kind], {}),
    staleTime: OPTIONS_STALE_MS,
  });
}

/** Forgets the cached options after a page added, edited, enabled or disabled a row. */
export function useInvalidateCrmOptions(): (kind: OptionKind) => Promise<void> {
  const client = useQueryClient();
  return useCallback((kind: OptionKind) => client.invalidateQueries({ queryKey: CrmOptionKey[kind] }), [client]);
}

export interface CrmSelectProps extends Omit<SelectProps<string>, 'options' | 'loading' | 'mode'> {
  /** The label of the current value when it is no longer offered (a disabled row). */
  currentLabel?: string | null;
}

function OptionSelect({ kind, currentLabel, value, ...rest }: CrmSelectProps & { kind: OptionKind }) {
  const { data, isLoading } = useCrmOptions(kind);
  const options = (data ?? []).map((o) => ({ value: o.id, label: o.name }));
  // A disabled store or channel is not offered, but a record that names it keeps its label.
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: currentLabel ?? value });
  return <SearchSelect<string> {...rest} value={value} loading={isLoading} options={options} data-crm-options={kind} />;
}

/** 门店: an enabled store of the session company. */
export function StoreSelect(props: CrmSelectProps) {
  return <OptionSelect kind="store" {...props} />;
}

/** 线索渠道: an enabled lead channel. */
export function LeadChannelSelect(props: CrmSelectProps) {
  return <OptionSelect kind="leadChannel" {...props} />;
}

/** 合作渠道: an enabled partner channel. */
export function ChannelSelect(props: CrmSelectProps) {
  return <OptionSelect kind="channel" {...props} />;
}
