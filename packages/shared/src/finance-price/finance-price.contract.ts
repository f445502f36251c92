import { defineContract } from '../api/contract.js';
import { crudContracts } from '../resource/index.js';
import { FinancePricePermission as P } from './finance-price.permissions.js';
import { financePriceListQuerySchema, financePriceResource, priceFoundSchema, priceLookupSchema } from './finance-price.schema.js';

const crud = crudContracts(financePriceResource, 'financePrice', { list: P.financePriceList, add: P.financePriceAdd, edit: P.financePriceEdit, delete: P.financePriceDelete, export: P.financePriceExport });

/** /online/financePrice/… ; list and export also filter by 生效于 (effectiveOn). */
export const financePriceContract = {
  ...crud,
  list: defineContract({ ...crud.list, body: financePriceListQuerySchema }),
  exportXls: defineContract({ ...crud.exportXls, body: financePriceListQuerySchema.omit({ pageNo: true, pageSize: true }).partial() }),
  /** The price in force on a date (orders); none answers 101 with the reason. */
  lookup: defineContract({ method: 'POST', path: '/online/financePrice/lookup', access: P.financePriceLookup, body: priceLookupSchema, result: priceFoundSchema }),
};
