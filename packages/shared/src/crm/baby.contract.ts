import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { BabyPermission } from './baby.permissions.js';
import { crmIdSchema } from './common.js';
import { babyCreateSchema, babyEditSchema, babyListQuerySchema, babySchema, BabyText } from './baby.schema.js';

/** 宝宝 of a customer the caller can see (the customer's data rules apply; otherwise 404). */
export const babyContract = {
  list: defineContract({ method: 'POST', path: '/online/baby/list', access: BabyPermission.babyList, body: babyListQuerySchema, result: z.array(babySchema) }),
  add: defineContract({ method: 'POST', path: '/online/baby/add', access: BabyPermission.babyAdd, body: babyCreateSchema, result: babySchema, successMessage: BabyText.added }),
  edit: defineContract({ method: 'POST', path: '/online/baby/edit', access: BabyPermission.babyEdit, body: babyEditSchema, result: babySchema, successMessage: BabyText.edited }),
  delete: defineContract({ method: 'POST', path: '/online/baby/delete', access: BabyPermission.babyDelete, body: crmIdSchema, result: z.null(), successMessage: BabyText.deleted }),
};
