import { describe, expect, it } from 'vitest';
import type { RoomBoard, RoomBoardStay } from '@care/shared';
import { signedPost, tokenOf } from './auth-helpers';
import { useBrowserSuite } from './harness';
import { button, choose, dialog, rows, toast } from './security-helpers';
import { signedInAt, signedInPage } from './shell-helpers';

const nights = (s: RoomBoardStay) => [s.checkIn, s.plannedCheckOut] as const;
const overlaps = (a: RoomBoardStay, b: RoomBoardStay) => nights(a)[0] < nights(b)[1] && nights(b)[0] < nights(a)[1];

describe('住房安排 on the board and its list', () => {
  const suite = useBrowserSuite();

  it('换房 by dragging a booked stay: onto a room taken those nights it is refused naming the order; onto a free room it moves', async () => {
    // Tall enough that the whole timeline is in view: a drag that scrolls the page midway loses its drop
    // in the DevTools drag emulation (a person's browser scrolls by itself near the edge).
    const page = await signedInPage(suite, { width: 1440, height: 1800 });
    const base = suite.server.baseUrl;
    const token = (await tokenOf(page))!;
    const stores = await signedPost<{ id: string; name: string }[]>(base, '/online/store/options', {}, token);
    const store = stores.result?.find((s) => s.name === '南山店');
    const data = (await signedPost<RoomBoard>(base, '/online/roomBoard/data', { storeId: store?.id }, token)).result;
    // A booked order (demo data) and, for it, a room taken on its nights and a room free on them.
    const usable = data.rooms.filter((r) => r.status !== 'repair' && r.status !== 'disabled');
    // Whether a room holds none of the stay's nights, asked of the 住房安排 list (stays beyond the board's window count too).
    const freeFor = async (roomId: string, stay: RoomBoardStay) => {
      const page = await signedPost<{ records: { status: string }[] }>(base, '/online/roomStay/list', { pageNo: 1, pageSize: 50, roomId, from: stay.checkIn, to: stay.plannedCheckOut }, token);
      return !page.result.records.some((r) => ['held', 'booked', 'in_house'].includes(r.status));
    };
    let plan: { from: RoomBoard['rooms'][number]; stay: RoomBoardStay; taken: RoomBoard['rooms'][number]; free: RoomBoard['rooms'][number] } | undefined;
    for (const from of usable) {
      for (const stay of from.stays.filter((s) => s.status === 'booked' && s.orderId)) {
        const taken = usable.find((r) => r.id !== from.id && r.stays.some((s) => overlaps(s, stay)));
        if (!taken) continue;
        for (const r of usable.filter((x) => x.id !== from.id && !x.stays.some((s) => overlaps(s, stay)))) {
          if (await freeFor(r.id, stay)) {
            plan = { from, stay, taken, free: r };
            break;
          }
        }
        if (plan) break;
      }
      if (plan) break;
    }
    expect(plan, 'a booked stay with a taken and a free room').toBeDefined();
    const { stay, taken, free } = plan!;
    const holder = taken!.stays.find((s) => overlaps(s, stay))!.holderNo;

    await page.goto(`${base}/app/room/board`);
    await choose(page, page.locator('.room-board-store'), '南山店');
    const segment = page.locator(`.room-stay-segment[data-stay-id="${stay.id}"]`);
    await page.locator('.room-board-timeline').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await segment.dragTo(page.locator(`.room-timeline-row[data-room-id="${taken!.id}"] > span`).first());
    const move = dialog(page, '换房');
    await move.getByText(`从 ${plan!.from.roomNo} 换到 ${taken!.roomNo}`, { exact: false }).waitFor();
    await button(move, '确定').click();
    await move.locator('.board-dialog-error').getByText(`该房间在所选日期已被「${holder}」占用`).waitFor();
    await button(move, '取消').click();

    await segment.dragTo(page.locator(`.room-timeline-row[data-room-id="${free!.id}"] > span`).first());
    const again = dialog(page, '换房');
    await again.getByText(`从 ${plan!.from.roomNo} 换到 ${free!.roomNo}`, { exact: false }).waitFor();
    await button(again, '确定').click();
    await toast(page, '换房成功');
    await page.locator(`.room-timeline-row[data-room-id="${free!.id}"] .room-stay-segment`).filter({ hasText: stay.customerName }).first().waitFor();
  });

  it('住房安排 lists stays with the actions their status allows', async () => {
    const page = await signedInAt(suite, '/room/stay', { width: 1440, height: 900 });
    const table = page.locator('.ant-pro-table');
    await table.locator('.ant-table').waitFor();
    await expect.poll(() => rows(table).count()).toBeGreaterThan(0);
    // The newest first: bookings to come, each offered 入住 and 取消排房, not 退房.
    const booked = rows(table).filter({ hasText: '取消排房' }).first();
    await booked.waitFor();
    expect(await booked.getByText('入住', { exact: true }).count()).toBe(1);
    expect(await booked.getByText('取消排房', { exact: true }).count()).toBe(1);
    expect(await booked.getByText('退房', { exact: true }).count()).toBe(0);
    expect(await booked.locator('.ant-tag').getByText('已排房', { exact: true }).count()).toBe(1);
  });
});
