import { useMemo, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { searchEntries, searchMenu, searchTarget, type NavNode } from '../menu/menu-model';
import { useGoTo } from '../useNav';

export const MENU_SEARCH_PLACEHOLDER = '搜索菜单';

/** Spec §2: header menu search; a pick opens its page, or a new window for external and iframe pages. */
export function MenuSearch({ nodes, width = 180 }: { nodes: NavNode[]; width?: number }) {
  const goTo = useGoTo();
  const [keyword, setKeyword] = useState('');
  const entries = useMemo(() => searchEntries(nodes), [nodes]);
  const options = useMemo(() => searchMenu(entries, keyword).map((e) => ({ value: e.node.key, label: e.label })), [entries, keyword]);
  return (
    <Select
      className="shell-menu-search"
      showSearch
      allowClear
      value={null}
      placeholder={MENU_SEARCH_PLACEHOLDER}
      suffixIcon={<SearchOutlined />}
      filterOption={false}
      onSearch={setKeyword}
      options={options}
      style={{ width }}
      popupMatchSelectWidth={false}
      onSelect={(key) => {
        const entry = entries.find((e) => e.node.key === key);
        setKeyword('');
        if (entry) goTo(searchTarget(entry.node));
      }}
    />
  );
}
