import { Form, Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { productContract, type RoomTypeChoice } from '@care/shared';
import { useCrmOptions } from '../../components/crm';
import { useServices } from '../../lib/useServices';

export const PickerText = { pick: '请选择', pickStoreFirst: '请先选择门店' } as const;

type Props<V> = Omit<SelectProps<V>, 'options' | 'loading'>;
const searchable = { allowClear: true, showSearch: true, optionFilterProp: 'label', placeholder: PickerText.pick } as const;

/** The company's room types with their stores (any signed-in user). */
export function useRoomTypeChoices() {
  const { request } = useServices();
  return useQuery({ queryKey: ['product', 'roomTypes'], queryFn: (): Promise<RoomTypeChoice[]> => request.call(productContract.roomTypes, {}), staleTime: 60_000 });
}

/** 门店 (several): the enabled stores of the company. */
export function StoresSelect(props: Props<string[]>) {
  const { data, isLoading } = useCrmOptions('store');
  return <Select<string[]> {...searchable} {...props} mode="multiple" loading={isLoading} options={(data ?? []).map((s) => ({ value: s.id, label: s.name }))} />;
}

/** 产品: the enabled products of the company, by name and code. */
export function ProductSelect(props: Props<string> & { currentLabel?: string | null }) {
  const { request } = useServices();
  const { data, isLoading } = useQuery({ queryKey: ['product', 'options'], queryFn: () => request.call(productContract.options, {}), staleTime: 60_000 });
  const options = (data ?? []).map((p) => ({ value: p.id, label: p.code ? `${p.name}（${p.code}）` : p.name }));
  if (props.value && !options.some((o) => o.value === props.value)) options.push({ value: props.value, label: props.currentLabel ?? props.value });
  return <Select<string> {...searchable} {...props} loading={isLoading} options={options} className="product-select" />;
}

/**
 * 房型: the room types of the stores the form's `storeField` holds (one id or several), all of them
 * when there is none; labelled with their store when they may come from several.
 */
export function RoomTypeSelect({ storeField, ...props }: Props<string | null> & { storeField?: string }) {
  const form = Form.useFormInstance();
  const picked = Form.useWatch(storeField ?? '__none', form) as string | string[] | undefined;
  const stores = picked === undefined ? null : ([] as string[]).concat(picked);
  const { data, isLoading } = useRoomTypeChoices();
  const shown = (data ?? []).filter((rt) => (rt.enabled || rt.id === props.value) && (!storeField || !stores || stores.includes(rt.storeId)));
  const labelled = !stores || stores.length !== 1;
  return (
    <Select<string | null>
      {...searchable}
      placeholder={storeField && !stores?.length ? PickerText.pickStoreFirst : PickerText.pick}
      {...props}
      loading={isLoading}
      options={shown.map((rt) => ({ value: rt.id, label: labelled ? `${rt.storeName} · ${rt.name}` : rt.name }))}
      className="room-type-select"
    />
  );
}
