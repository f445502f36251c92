import { describe, expect, it } from 'vitest';
import type { RoomBoard, RoomBoardStay } from '@care/shared';
import { signedPost, tokenOf } from './auth-helpers';
import { useBrowserSuite } from './harness';
import { button, choose, dialog, rows, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';

const nights = (s: RoomBoardStay) => [s.checkIn, s.plannedCheckOut] as const;
const overlaps = (a: RoomBoardStay, b: RoomBoardStay) => nights(a)[0] < nights(b)[1] && nights(b)[0] < nights(a)[1];

describe('住房安排 on the board and its list', () => {
  const suite = useBrowserSuite();

  it('换房 by dragging a booked stay: onto a room taken those nights it is refused naming the order; onto a free room it moves', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const base = suite.server.baseUrl;
    const token = (await tokenOf(page))!;
    const stores = await signedPost<{ id: string; name: string }[]>(base, '/online/store/options', {}, token);
    const store = stores.result?.find((s) => s.name === '南山店');
    const data = (await signedPost<RoomBoard>(base, '/online/roomBoard/data', { storeId: store?.id }, token)).result;
    // A booked order (demo data) and, for it, a room taken on its nights and a room free on them.
    const usable = data.rooms.filter((r) => r.status !== 'repair' && r.status !== 'disabled');
    const plan = usable
      .flatMap((from) => from.stays.filter((s) => s.status === 'booked' && s.orderId).map((stay) => ({ from, stay })))
      .map(({ from, stay }) => ({
        from,
        stay,
        taken: usable.find((r) => r.id !== from.id && r.stays.some((s) => overlaps(s, stay))),
        free: usable.find((r) => r.id !== from.id && !r.stays.some((s) => overlaps(s, stay))),
      }))
      .find((p) => p.taken && p.free);
    expect(plan, 'a booked stay with a taken and a free room').toBeDefined();
    const { stay, taken, free } = plan!;
    const holder = taken!.stays.find((s) => overlaps(s, stay))!.holderNo;

    await page.goto(`${base}/app/room/board`);
    await choose(page, page.locator('.room-board-store'), '南山店');
    const segment = page.locator(`.room-stay-segment[data-stay-id="${stay.id}"]`);
    await segment.dragTo(page.locator(`.room-timeline-row[data-room-id="${taken!.id}"] > span`).first());
    const move = dialog(page, '换房');
    await move.getByText(`从 ${plan!.from.roomNo} 换到 ${taken!.roomNo}`, { exact: false }).waitFor();
    await button(move, '确定').click();
    await move.locator('.board-dialog-error').getByText(`该房间在所选日期已被「${holder}」占用`).waitFor();
    await button(move, '取消').click();

    await segment.dragTo(page.locator(`.room-timeline-row[data-room-id="${free!.id}"] > span`).first());
    await button(dialog(page, '换房'), '确定').click();
    await toast(page, '换房成功');
    await page.locator(`.room-timeline-row[data-room-id="${free!.id}"] .room-stay-segment`).filter({ hasText: stay.customerName }).first().waitFor();
  });

  it('住房安排 lists stays, filters by status and answers its row actions', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    await page.goto(`${suite.server.baseUrl}/app/room/stay`);
    const table = page.locator('.ant-pro-table');
    await table.locator('.ant-table').waitFor();
    await expect.poll(() => rows(table).count()).toBeGreaterThan(0);
    await choose(page, table.getByLabel('住房状态'), '在住');
    await button(table, '查询').click();
    await expect.poll(async () => [...new Set(await rows(table).locator('.ant-tag').allTextContents())]).toEqual(['在住']);
    expect(await rows(table).first().getByText('退房', { exact: true }).count()).toBe(1);
    expect(await rows(table).first().getByText('入住', { exact: true }).count()).toBe(0);
  });
});
