import { useEffect, useState, type ReactNode } from 'react';
import { Card, Empty, Select, Space, Spin, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { storeLevelContract, StoreLevelText as text, type MyStore } from '@care/shared';
import { useSessionStore } from '../../lib/session-store';
import { useServices } from '../../lib/useServices';

/** The local-storage key of the chosen store, per user and company. */
export function chosenStoreKey(userId: string, companyId: string): string {
  return `storeLevel:store:${companyId}:${userId}`;
}

/** The store to show: the remembered one while it is still among the user's stores, else the first. */
export function pickStore(stores: readonly MyStore[], remembered: string | null): string | null {
  if (remembered && stores.some((s) => s.id === remembered)) return remembered;
  return stores[0]?.id ?? null;
}

/**
 * The user's stores (`#{sys_store_ids}`; every store for an exempt user) and the chosen one, remembered
 * per user in local storage and shared by every 门店 page.
 */
function useChosenStore() {
  const { request, storage } = useServices();
  const user = useSessionStore((s) => s.userInfo);
  const key = chosenStoreKey(user?.partyId ?? '', user?.companyId ?? '');
  const stores = useQuery({ queryKey: ['storeLevel', 'myStores', user?.companyId], queryFn: () => request.call(storeLevelContract.myStores, {}) });
  const [remembered, setRemembered] = useState<string | null>(() => storage.get<string>(key));
  useEffect(() => setRemembered(storage.get<string>(key)), [key, storage]);
  const storeId = pickStore(stores.data ?? [], remembered);
  const choose = (id: string) => {
    storage.set(key, id);
    setRemembered(id);
  };
  return { stores, storeId, choose };
}

/**
 * A 门店 page: the store switcher on top, then the module's own list fixed to the chosen store. The list
 * is remounted on a switch, so its rows, filters and paging start over for the new store.
 */
export function StoreScopedPage({ children }: { children: (storeId: string) => ReactNode }) {
  const { stores, storeId, choose } = useChosenStore();
  const options = (stores.data ?? []).map((s) => ({ value: s.id, label: s.enabled ? s.name : `${s.name}${text.disabled}` }));
  let body: ReactNode;
  if (stores.isLoading) body = <Spin tip={text.loading}><div style={{ minHeight: 120 }} /></Spin>;
  else if (!storeId) body = <Empty className="store-level-empty" description={text.noStores} />;
  else body = <div key={storeId}>{children(storeId)}</div>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card size="small">
        <Space>
          <ShopOutlined />
          <Typography.Text strong>{text.switcher}</Typography.Text>
          <Select<string>
            className="store-switcher"
            style={{ minWidth: 220 }}
            placeholder={text.pick}
            loading={stores.isLoading}
            disabled={options.length === 0}
            value={storeId ?? undefined}
            options={options}
            showSearch
            optionFilterProp="label"
            onChange={choose}
          />
        </Space>
      </Card>
      {body}
    </Space>
  );
}
