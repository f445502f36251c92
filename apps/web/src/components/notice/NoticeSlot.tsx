/**
 * Where the header's notification bell goes (spec §2 notice popover). The bell, its popover and the
 * live push arrive with the messages issue; until then this slot deliberately renders nothing.
 */
export function NoticeSlot() {
  return null;
}
