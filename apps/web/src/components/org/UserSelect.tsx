import { useEffect, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import { adminUserContract, type UserOption } from '@care/shared';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../lib/useServices';
import { pickedValue, type OrgPickerProps } from './picker';

export const UserSelectText = { placeholder: '输入用户名、姓名或手机号搜索', empty: '没有匹配的用户' } as const;

const SEARCH_DELAY_MS = 300;
const NONE: UserOption[] = [];

/** How a user reads in a picker: 姓名（用户名） · 部门. */
export function userLabel(user: Pick<UserOption, 'firstName' | 'username'> & { departmentName?: string | null }): string {
  const name = user.firstName && user.username ? `${user.firstName}（${user.username}）` : user.firstName || user.username;
  return user.departmentName ? `${name} · ${user.departmentName}` : name;
}

interface UserSelectProps<V extends string | string[]> extends OrgPickerProps<V> {
  onChange?: (value: V, users: UserOption[]) => void;
  /** Labels of the users already chosen (a form loads only ids). */
  known?: UserOption[];
}

/**
 * A user of the session company (within the caller's data rules), found by username, name or phone
 * through `searchBy`. Works as an antd Form control; the value is the user id (ids when `multiple`).
 */
export function UserSelect<V extends string | string[] = string>(props: UserSelectProps<V>) {
  const { value, onChange, multiple = false, known = NONE, placeholder = UserSelectText.placeholder, disabled, allowClear = true, id } = props;
  const { request } = useServices();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const found = useQuery({
    queryKey: ['org', 'users', 'search', keyword],
    queryFn: () => request.call(adminUserContract.searchBy, { keyword }),
    enabled: !disabled,
    staleTime: 10_000,
  });

  // Chosen users stay labelled when the search no longer finds them.
  const [chosen, setChosen] = useState<UserOption[]>([]);
  const byId = useMemo(() => {
    const map = new Map<string, UserOption>();
    for (const user of [...known, ...chosen, ...(found.data ?? [])]) map.set(user.id, user);
    return map;
  }, [known, chosen, found.data]);
  const options = useMemo(() => {
    const ids = new Set([...(found.data ?? []).map((u) => u.id), ...(Array.isArray(value) ? value : value ? [value] : [])]);
    return [...ids].map((userId) => {
      const user = byId.get(userId);
      return { value: userId, label: user ? userLabel(user) : userId };
    });
  }, [found.data, value, byId]);

  return (
    <Select
      id={id}
      className="user-select"
      mode={multiple ? 'multiple' : undefined}
      showSearch
      filterOption={false}
      searchValue={input}
      onSearch={setInput}
      value={value ?? undefined}
      onChange={(next: string | string[] | undefined) => {
        const ids = Array.isArray(next) ? next : next ? [next] : [];
        const users = ids.map((userId) => byId.get(userId)).filter((u): u is UserOption => u !== undefined);
        setChosen(users);
        setInput('');
        onChange?.(pickedValue<V>(next, multiple), users);
      }}
      options={options}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? <Spin size="small" /> : UserSelectText.empty}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      style={{ width: '100%' }}
    />
  );
}
