import { useState } from 'react';
import { Empty, Select, Space, Typography } from 'antd';
import { biContract } from '@care/shared';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BiBody, percentText, StatRow, useBiQuery } from './bi-page';
import { BiPageText as text } from './bi.text';

/** 门店看板 (/store/board): today's figures of one of the caller's stores (the first unless another is chosen). */
export function StoreBoard() {
  useDocumentTitle(text.boardTitle);
  const [storeId, setStoreId] = useState<string>();
  const query = useBiQuery(biContract.storeBoard, { storeId });
  return (
    <div className="bi-page store-board">
      <BiBody query={query}>
        {(d) => (
          <>
            <Space wrap style={{ marginBottom: 16 }}>
              <Select
                className="bi-store"
                aria-label={text.store}
                style={{ width: 200 }}
                value={d.storeId ?? undefined}
                onChange={setStoreId}
                options={d.stores.map((s) => ({ value: s.id, label: s.name }))}
                notFoundContent={text.noStore}
              />
              <Typography.Text type="secondary">
                {text.today}：{d.today}
              </Typography.Text>
            </Space>
            {d.storeId === null ? (
              <Empty description={text.noStore} />
            ) : (
              <>
                <StatRow
                  items={[
                    { title: text.leads, value: d.leads, testId: 'board-leads' },
                    { title: text.visits, value: d.visits, testId: 'board-visits' },
                    { title: text.orders, value: d.orders, testId: 'board-orders' },
                    { title: text.dealTotal, value: d.dealTotal, suffix: text.yuan, testId: 'board-deal' },
                  ]}
                />
                <StatRow
                  items={[
                    { title: text.received, value: d.received, suffix: text.yuan, testId: 'board-received' },
                    { title: text.refunded, value: d.refunded, suffix: text.yuan },
                    { title: text.checkIns, value: d.checkIns, testId: 'board-checkins' },
                    { title: text.tonight, value: percentText(d.occupancy.rate), testId: 'board-occupancy' },
                  ]}
                />
                <StatRow
                  items={[
                    { title: text.outstanding, value: d.outstanding, suffix: text.yuan, testId: 'board-outstanding' },
                    { title: text.overdue, value: d.overdue, suffix: text.yuan },
                  ]}
                />
              </>
            )}
          </>
        )}
      </BiBody>
    </div>
  );
}

export default StoreBoard;
