import { OnlineDataPage } from './OnlineDataList';

// Every page of the module in one chunk (one loader in the manifest keeps the shell's list of chunks
// short): the generic page by the path's form code, and the five example forms the online-form module
// seeds, one per table type (在线开发 → …示例).

export { OnlineDataList } from './OnlineDataList';

/** 单表示例: 护理耗材. */
export function SingleTableDemo() {
  return <OnlineDataPage code="nursing_consumable" />;
}

/** 一对多示例: 采购单 and its 明细. */
export function OneToManyDemo() {
  return <OnlineDataPage code="purchase_order" />;
}

/** 树表示例: 服务项目分类. */
export function TreeTableDemo() {
  return <OnlineDataPage code="service_category" />;
}

/** ERP示例: 套餐 and its 服务项. */
export function ErpDemo() {
  return <OnlineDataPage code="package_plan" />;
}

/** 内嵌子表示例: 宝宝护理记录 and its 明细. */
export function InnerTableDemo() {
  return <OnlineDataPage code="baby_care_record" />;
}
