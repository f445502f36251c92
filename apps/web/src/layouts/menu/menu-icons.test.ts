import { describe, expect, it } from 'vitest';
import { iconName, menuIcon } from './menu-icons';

describe('menu icons', () => {
  it('antd names as they are; older kebab names as their outlined icon', () => {
    expect(iconName('TeamOutlined')).toBe('TeamOutlined');
    expect(iconName('team')).toBe('TeamOutlined');
    expect(iconName('user-add')).toBe('UserAddOutlined');
  });

  it('maps known names to a component and anything else to none', () => {
    expect(menuIcon('TeamOutlined')).not.toBeNull();
    expect(menuIcon('setting')).not.toBeNull();
    expect(menuIcon('NoSuchIcon')).toBeNull();
    expect(menuIcon(undefined)).toBeNull();
  });
});

describe('icons of the product menu', () => {
  it('every icon the seeded menu names is known', () => {
    const seeded = ['DashboardOutlined', 'TeamOutlined', 'FileTextOutlined', 'AccountBookOutlined', 'HomeOutlined', 'HeartOutlined', 'AppstoreOutlined', 'ShopOutlined', 'BarChartOutlined', 'PieChartOutlined', 'FundProjectionScreenOutlined', 'CodeOutlined', 'MessageOutlined', 'SettingOutlined'];
    expect(seeded.filter((name) => menuIcon(name) === null)).toEqual([]);
  });
});
