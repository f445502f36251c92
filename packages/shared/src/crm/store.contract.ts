import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { Permission } from '../permissions.js';
import { crmIdSchema, crmOptionSchema, crmStatusSchema } from './common.js';
import {
  storeCreateSchema,
  storeEditSchema,
  storeListQuerySchema,
  storePageSchema,
  storeSchema,
  StoreText,
  storeUserSchema,
  storeUsersSaveSchema,
} from './store.schema.js';

/** 门店 of the session company; another company's store answers 404. */
export const storeContract = {
  list: defineContract({ method: 'POST', path: '/online/store/list', access: Permission.storeList, body: storeListQuerySchema, result: storePageSchema }),
  queryById: defineContract({ method: 'POST', path: '/online/store/queryById', access: Permission.storeList, body: crmIdSchema, result: storeSchema }),
  add: defineContract({ method: 'POST', path: '/online/store/add', access: Permission.storeAdd, body: storeCreateSchema, result: storeSchema, successMessage: StoreText.added }),
  /** Optimistic lock: a stale `version` answers 101 and changes nothing. */
  edit: defineContract({ method: 'POST', path: '/online/store/edit', access: Permission.storeEdit, body: storeEditSchema, result: storeSchema, successMessage: StoreText.edited }),
  updateStatus: defineContract({ method: 'POST', path: '/online/store/updateStatus', access: Permission.storeStatus, body: crmStatusSchema, result: storeSchema, successMessage: StoreText.saved }),
  /** The users who work in the store (user_store). */
  users: defineContract({ method: 'POST', path: '/online/store/users', access: Permission.storeList, body: z.object({ storeId: z.uuid({ message: '缺少门店ID' }) }), result: z.array(storeUserSchema) }),
  saveUsers: defineContract({ method: 'POST', path: '/online/store/saveUsers', access: Permission.storeEdit, body: storeUsersSaveSchema, result: z.null(), successMessage: StoreText.saved }),
  /** Enabled stores for selects, any signed-in user. */
  options: defineContract({ method: 'POST', path: '/online/store/options', access: 'authenticated', body: z.object({}), result: z.array(crmOptionSchema) }),
};
