import { lazy } from 'react';
import { importWithTimeout } from '../../app/lazy-page';

// The six pages of the module, as the manifest's one loader sees them: this small chunk only, so the
// shell lists one file for them (its weight budget is tight). Each page loads the generic page's code
// (OnlineDataList.tsx, the kit, the widgets) on first render, under the shell's Suspense.
const views = () => importWithTimeout(() => import('./OnlineDataList'));
const Generic = lazy(async () => ({ default: (await views()).OnlineDataList }));
const ByCode = lazy(async () => ({ default: (await views()).OnlineDataPage }));

/** A generated page (`/online/cgformList/<tableName>`). */
export function OnlineDataList() {
  return <Generic />;
}

// The five example forms the online-form module seeds, one per table type (在线开发 → …示例).

/** 单表示例: 护理耗材. */
export function SingleTableDemo() {
  return <ByCode code="nursing_consumable" />;
}

/** 一对多示例: 采购单 and its 明细. */
export function OneToManyDemo() {
  return <ByCode code="purchase_order" />;
}

/** 树表示例: 服务项目分类. */
export function TreeTableDemo() {
  return <ByCode code="service_category" />;
}

/** ERP示例: 套餐 and its 服务项. */
export function ErpDemo() {
  return <ByCode code="package_plan" />;
}

/** 内嵌子表示例: 宝宝护理记录 and its 明细. */
export function InnerTableDemo() {
  return <ByCode code="baby_care_record" />;
}
