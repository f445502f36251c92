import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { StorePermission } from './store.permissions.js';
import { crudContracts } from '../resource/index.js';
import { crmOptionSchema } from './common.js';
import {
  storeResource,
  StoreText,
  storeUserSchema,
  storeUsersSaveSchema,
} from './store.schema.js';

/** 门店 of the session company; another company's store answers 404. */
export const storeContract = {
  ...crudContracts(storeResource, 'store', { list: StorePermission.storeList, add: StorePermission.storeAdd, edit: StorePermission.storeEdit, status: StorePermission.storeStatus }),
  /** The users who work in the store (user_store). */
  users: defineContract({ method: 'POST', path: '/online/store/users', access: StorePermission.storeList, body: z.object({ storeId: z.uuid({ message: '缺少门店ID' }) }), result: z.array(storeUserSchema) }),
  saveUsers: defineContract({ method: 'POST', path: '/online/store/saveUsers', access: StorePermission.storeEdit, body: storeUsersSaveSchema, result: z.null(), successMessage: StoreText.saved }),
  /** Enabled stores for selects, any signed-in user. */
  options: defineContract({ method: 'POST', path: '/online/store/options', access: 'authenticated', body: z.object({}), result: z.array(crmOptionSchema) }),
};
