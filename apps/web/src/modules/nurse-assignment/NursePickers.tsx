import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { nurseAssignmentContract, type NurseAssignmentNurseOption, type NurseAssignmentOrderOption } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { NurseAssignmentPageText as T } from './nurse-assignment-text';

/** 订单: 已确认 / 已入住 orders of the caller's order scope, searched by order no or customer name. */
export function OrderPicker(props: { value?: string | null; onChange?: (value: string | null, order?: NurseAssignmentOrderOption) => void; currentLabel?: string | null }) {
  const { request } = useServices();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: ['nurseAssignment', 'orders', keyword], queryFn: () => request.call(nurseAssignmentContract.orderOptions, { keyword }), staleTime: 10_000 });
  const rows = found.data ?? [];
  const options = rows.map((o) => ({ value: o.id, label: `${o.orderNo} · ${o.customerName ?? ''}` }));
  if (props.value && !options.some((o) => o.value === props.value)) options.push({ value: props.value, label: props.currentLabel ?? props.value });
  return (
    <Select<string>
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? null, rows.find((o) => o.id === v))}
      showSearch
      allowClear
      filterOption={false}
      onSearch={setKeyword}
      loading={found.isLoading}
      options={options}
      placeholder={T.orderPlaceholder}
      className="nurse-assignment-order-picker"
    />
  );
}

/** 月嫂: nurses not 离职, searched by name or number; the picked one's details go to `onPicked`. */
export function NursePicker(props: { value?: string; onChange?: (value: string) => void; onPicked?: (nurse: NurseAssignmentNurseOption | undefined) => void; currentLabel?: string | null; className?: string }) {
  const { request } = useServices();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: ['nurseAssignment', 'nurses', keyword], queryFn: () => request.call(nurseAssignmentContract.nurseOptions, { keyword }), staleTime: 10_000 });
  const rows = found.data ?? [];
  const options = rows.map((n) => ({ value: n.id, label: `${n.name}（${n.nurseNo}）` }));
  if (props.value && !options.some((o) => o.value === props.value)) options.push({ value: props.value, label: props.currentLabel ?? props.value });
  return (
    <Select<string>
      value={props.value}
      onChange={(v) => {
        props.onChange?.(v);
        props.onPicked?.(rows.find((n) => n.id === v));
      }}
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      loading={found.isLoading}
      options={options}
      placeholder={T.nursePlaceholder}
      className={props.className ?? 'nurse-assignment-nurse-picker'}
    />
  );
}

/** One nurse's details (level, practice type) by her number, for the pay-standard lookup. */
export function useNurseDetails(nurseId: string | undefined, nurseNo: string | undefined) {
  const { request } = useServices();
  return useQuery({
    queryKey: ['nurseAssignment', 'nurse', nurseId, nurseNo],
    queryFn: async () => (await request.call(nurseAssignmentContract.nurseOptions, { keyword: nurseNo ?? '' })).find((n) => n.id === nurseId) ?? null,
    enabled: Boolean(nurseId && nurseNo),
    staleTime: 30_000,
  });
}
