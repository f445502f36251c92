import { App, Dropdown, Tabs, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../app/paths';
import { useAppStateStore } from '../../lib/app-state';
import { closeLeft, closeOthers, closeRight, closeTab, TabText, type TabChange, type TabState } from './tab-model';

type TabAction = 'refresh' | 'closeLeft' | 'closeRight' | 'closeOthers';

const contextItems: MenuProps['items'] = [
  { key: 'refresh', label: TabText.refresh },
  { key: 'closeLeft', label: TabText.closeLeft },
  { key: 'closeRight', label: TabText.closeRight },
  { key: 'closeOthers', label: TabText.closeOthers },
];

/** Spec §2 multi-tab mode: the visited pages as closable tabs, with a right-click menu. */
export function MultiTab() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const tabs = useAppStateStore((s) => s.tabs);
  const activeKey = useAppStateStore((s) => s.activeKey);
  const patch = useAppStateStore((s) => s.patch);
  const refresh = useAppStateStore((s) => s.refresh);

  const apply = (change: TabChange) => {
    if (change.warning) {
      void message.warning(change.warning);
      return;
    }
    patch({ tabs: change.tabs, activeKey: change.activeKey });
    const shown = change.tabs.find((t) => t.key === change.activeKey);
    if (shown && change.activeKey !== activeKey) navigate(shown.path);
  };

  const onAction = (action: TabAction, key: string) => {
    const state: TabState = { tabs, activeKey };
    if (action === 'refresh') {
      refresh(key);
      const tab = tabs.find((t) => t.key === key);
      if (tab && key !== activeKey) navigate(tab.path);
      return;
    }
    const change = { closeLeft, closeRight, closeOthers }[action](state, key, HOME_PATH);
    apply(change);
  };

  return (
    <Tabs
      className="shell-multi-tab"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey ?? undefined}
      onChange={(key) => {
        const tab = tabs.find((t) => t.key === key);
        if (tab) navigate(tab.path);
      }}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') apply(closeTab({ tabs, activeKey }, key, HOME_PATH));
      }}
      tabBarStyle={{ margin: 0 }}
      items={tabs.map((tab) => ({
        key: tab.key,
        closable: true,
        label: (
          <Dropdown
            trigger={['contextMenu']}
            menu={{
              items: contextItems,
              onClick: ({ key, domEvent }) => {
                // The menu is portalled, but React bubbles its click to the tab, which would activate it.
                domEvent.stopPropagation();
                onAction(key as TabAction, tab.key);
              },
            }}
          >
            <span data-tab-key={tab.key}>{tab.title}</span>
          </Dropdown>
        ),
      }))}
    />
  );
}
