import { describe, expect, it } from 'vitest';
import { routeNameOf, type MenuSeed, assembleProductMenu } from './permission.seed.js';
import { modules } from '../index.js';

const productMenu = assembleProductMenu(modules);

const flatten = (nodes: MenuSeed[]): MenuSeed[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const all = flatten(productMenu);

// Every screen area spec §1 names, and the signed-in screens of §2, as the menu titles them.
const specScreens = [
  '客户', '线索', '线索渠道', '预约', '订单', '服务单', '合同', '应收', '房间', '房态图', '产品', '门店', '一级模块', '渠道', '部门',
  '财务定价', '变更单', '门店看板', '门店客户', '门店订单', '门店合同', '门店应收', '门店房间', '门店服务', '门店月嫂', '门店金额',
  '财务报表', '销售订单', '销售汇总', '订单服务', '服务汇总', '待入住', '月嫂报表',
  '客户分析', '月嫂分析', '订单分析', '房间分析',
  '分析页', '工作台', '监控页', '指标图表', '任务',
  '经营驾驶舱', '房态大屏', '护理与月嫂',
  '字典类型', '数据字典', '枚举', '公司', '用户', '安全组', '角色', '用户登录列表', '访问日志', '用户关系',
  '我的消息', '消息模板', '系统配置', '权限', '数据规则',
  '表单配置', '报表配置', '单表示例', '一对多示例', '树表示例', 'ERP示例', '内嵌子表示例',
  '月嫂', 'AI 日志',
];

describe('product menu seed', () => {
  it.each(specScreens)('has a menu entry for %s', (title) => {
    expect(all.map((n) => n.title)).toContain(title);
  });

  it('gives every entry a unique path, and every leaf a page or an address', () => {
    const paths = all.map((n) => n.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const leaf of all.filter((n) => !n.children)) expect(Boolean(leaf.component || leaf.url)).toBe(true);
  });

  it('puts the message records at the path and route name the spec fixes', () => {
    const records = all.find((n) => n.path === '/food/messageRecord');
    expect(records).toBeDefined();
    expect(routeNameOf(records!.path)).toBe('food-messageRecord');
  });

  it('opens the public big screens in a new window and never routes them inside the shell', () => {
    for (const n of all.filter((x) => x.url?.startsWith('/app/bigscreen/'))) {
      expect(n).toMatchObject({ external: true, route: false });
    }
  });

  it('gives every top-level group an icon', () => {
    for (const top of productMenu) expect(top.icon).toMatch(/Outlined$/);
  });
});
