import { financePriceContract, financePriceResource } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';

/** 财务定价 (/finance/financePrice). */
export function FinancePriceList() {
  return <ResourceTable resource={financePriceResource} contracts={financePriceContract} />;
}
