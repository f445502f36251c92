import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { crudContracts } from '../resource/index.js';
import { ProductPermission as P } from './product.permissions.js';
import { productResource, productVersionSchema, roomTypeChoiceSchema } from './product.schema.js';

/** /online/product/… */
export const productContract = {
  ...crudContracts(productResource, 'product', { list: P.productList, add: P.productAdd, edit: P.productEdit, status: P.productStatus, export: P.productExport }, { options: true }),
  /** 版本记录: every version of a product, newest first. */
  versions: defineContract({ method: 'POST', path: '/online/product/versions', access: P.productList, body: z.object({ productId: z.uuid({ message: '缺少产品ID' }) }), result: z.array(productVersionSchema) }),
  /** The company's room types with their stores, for the product and price pickers (any signed-in user). */
  roomTypes: defineContract({ method: 'POST', path: '/online/product/roomTypes', access: 'authenticated', body: z.object({}), result: z.array(roomTypeChoiceSchema) }),
};
