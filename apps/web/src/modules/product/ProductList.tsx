import { productContract, productResource } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';

/** 产品 (/base/product). */
export function ProductList() {
  return <ResourceTable resource={productResource} contracts={productContract} />;
}
