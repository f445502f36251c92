import { z } from 'zod';
import { defineContract } from '../api/contract.js';

/** Texts of the 门店 pages (docs/reports.md "Store pages"), typed once. */
export const StoreLevelText = {
  switcher: '当前门店',
  pick: '请选择门店',
  disabled: '（已停用）',
  noStores: '您没有可查看的门店，请联系管理员将您设为门店店长或门店员工',
  loading: '正在加载门店…',
} as const;

/** One store of the switcher: the stores a user works in or manages (every store of the company for an exempt user). */
export const myStoreSchema = z.object({ id: z.string(), code: z.string(), name: z.string(), enabled: z.boolean() });
export type MyStore = z.infer<typeof myStoreSchema>;

export const storeLevelContract = {
  /**
   * The store switcher's stores: `#{sys_store_ids}` of the caller (stores she works in plus those she
   * manages), or every store of the company for a user exempt from data rules (allhrdata, 超级管理员).
   * Enabled stores first, then by sort and code. Any signed-in user; the lists apply their own rules.
   */
  myStores: defineContract({ method: 'POST', path: '/online/storeLevel/myStores', access: 'authenticated', body: z.object({}), result: z.array(myStoreSchema) }),
};
