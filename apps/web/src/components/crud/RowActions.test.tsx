import { renderToStaticMarkup } from 'react-dom/server';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { usePermissionStore } from '../../lib/permission-store';
import { RowActions, splitRowActions, type RowAction } from './RowActions';

const action = (key: string, extra: Partial<RowAction> = {}): RowAction => ({ key, label: `动作${key}`, onClick: () => undefined, ...extra });
const keys = (list: RowAction[]) => list.map((a) => a.key);

describe('splitRowActions', () => {
  const all = () => true;

  it('keeps up to three actions in the row', () => {
    const split = splitRowActions([action('a'), action('b'), action('c')], all);
    expect(keys(split.inline)).toEqual(['a', 'b', 'c']);
    expect(split.more).toEqual([]);
  });

  it('puts the fourth and later actions under 更多', () => {
    const split = splitRowActions([action('a'), action('b'), action('c'), action('d'), action('e')], all);
    expect(keys(split.inline)).toEqual(['a', 'b', 'c']);
    expect(keys(split.more)).toEqual(['d', 'e']);
  });

  it('counts only visible actions: hidden ones and those the user may not perform are left out', () => {
    const allowed = (permission: string) => permission !== 'user:delete';
    const split = splitRowActions(
      [action('a'), action('b', { permission: 'user:delete' }), action('c', { hidden: true }), action('d', { permission: 'user:edit' }), action('e')],
      allowed,
    );
    expect(keys(split.inline)).toEqual(['a', 'd', 'e']);
    expect(split.more).toEqual([]);
  });
});

describe('RowActions', () => {
  afterEach(() => usePermissionStore.setState({ auth: [], allAuth: [] }));

  const render = (actions: RowAction[]) =>
    renderToStaticMarkup(
      <App>
        <RowActions actions={actions} />
      </App>,
    );

  it('renders three links and a 更多 drop-down for the rest', () => {
    const html = render([action('a'), action('b'), action('c', { danger: true, confirm: '确定？' }), action('d'), action('e')]);
    for (const label of ['动作a', '动作b', '动作c']) expect(html).toContain(label);
    expect(html).toContain('更多');
    // The drop-down's items are rendered only when it opens.
    expect(html).not.toContain('动作d');
    expect(html).toContain('ant-typography-danger');
  });

  it('renders no 更多 for three actions, and nothing when none is visible', () => {
    expect(render([action('a'), action('b'), action('c')])).not.toContain('更多');
    const none = render([action('a', { hidden: true }), action('b', { permission: 'nobody:has' })]);
    expect(none).not.toContain('动作');
    expect(none).not.toContain('row-actions');
  });
});
