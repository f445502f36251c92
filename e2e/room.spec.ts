import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './harness';
import { button, choose, confirmPop, dialog, drawer, formError, row, rows, toast } from './security-helpers';
import { signedInAt } from './shell-helpers';

describe('房型 and 房间', () => {
  const suite = useBrowserSuite();

  it('an administrator adds a room type and a room, marks it 维修 with a reason and back, and reads its 状态记录', async () => {
    const page = await signedInAt(suite, '/room/roomType', { width: 1440, height: 900 });
    const types = page.locator('.room-type-table');
    await types.locator('.ant-table').waitFor();
    await button(types, '新增房型').click();
    const addType = dialog(page, '新增房型');
    await button(addType, '确定').click();
    await formError(addType, '请输入房型编码!');
    await choose(page, addType.getByLabel('门店'), '南山店');
    await addType.getByLabel('房型编码').fill('E2E');
    await addType.getByLabel('房型名称').fill('亲子套房');
    await addType.getByLabel('日房价（元）').fill('1999');
    await button(addType, '确定').click();
    await toast(page, '添加成功！');
    await row(types, '亲子套房').waitFor();
    expect(await row(types, '亲子套房').textContent()).toContain('南山店');

    await page.goto(`${suite.server.baseUrl}/app/room/room`);
    const rooms = page.locator('.room-table');
    await rooms.locator('.ant-table').waitFor();
    await button(rooms, '新增房间').click();
    const addRoom = dialog(page, '新增房间');
    await choose(page, addRoom.getByLabel('门店'), '南山店');
    await addRoom.getByLabel('房间号').fill('E901');
    await addRoom.getByLabel('楼层').fill('9');
    await choose(page, addRoom.getByLabel('房型'), '亲子套房');
    await button(addRoom, '确定').click();
    await toast(page, '添加成功！');

    await rooms.getByLabel('房间号').fill('E901');
    await rooms.getByText('展开').click();
    await rooms.getByLabel('楼层').fill('9');
    await button(rooms, '查询').click();
    await expect.poll(() => rows(rooms).count()).toBe(1);
    const room = row(rooms, 'E901');
    await room.locator('.ant-tag', { hasText: '空闲' }).waitFor();
    expect(await room.textContent()).toContain('亲子套房');

    // 维修 asks why; without a reason nothing is sent.
    await room.getByText('维修', { exact: true }).click();
    const reason = dialog(page, '维修 - 房间 E901');
    await button(reason, '确定').click();
    await formError(reason, '请输入维修原因!');
    await reason.getByLabel('维修原因').fill('空调不制冷');
    await button(reason, '确定').click();
    await toast(page, '操作成功');
    await room.locator('.ant-tag', { hasText: '维修' }).waitFor();

    await room.getByText('状态记录').click();
    const log = drawer(page, '状态记录 - E901');
    await row(log, '空调不制冷').waitFor();
    expect(await row(log, '空调不制冷').textContent()).toContain('空闲');
    await page.keyboard.press('Escape');

    // 维修完成 is confirmed, then the room is free again.
    await room.getByText('维修完成').click();
    await confirmPop(page);
    await toast(page, '操作成功');
    await room.locator('.ant-tag', { hasText: '空闲' }).waitFor();
  });
});
