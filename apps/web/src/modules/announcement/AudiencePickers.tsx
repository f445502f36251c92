import { useMemo, useState } from 'react';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { announcementContract } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { AnnouncementPageText as text } from '../../components/message/message-text';

interface PickerProps {
  id?: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
}

/** The departments (all) and users (matching `keyword`, plus those already chosen) an announcement may address. */
function useAudienceOptions(keyword: string, userIds: string[]) {
  const { request } = useServices();
  return useQuery({
    queryKey: ['announcement-audience', keyword, userIds],
    queryFn: () => request.call(announcementContract.audienceOptions, { keyword: keyword || undefined, userIds }),
    placeholderData: (previous) => previous,
  });
}

/** 接收部门: the company's department tree; a department reaches the departments below it. */
export function AudienceDepartmentSelect(props: PickerProps) {
  const options = useAudienceOptions('', []);
  const tree = useMemo(() => (options.data?.departments ?? []).map((d) => ({ id: d.id, pId: d.parentId ?? 0, value: d.id, title: d.name })), [options.data?.departments]);
  return (
    <TreeSelect
      {...props}
      treeDataSimpleMode
      treeData={tree}
      multiple
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      placeholder={text.departmentsPlaceholder}
      loading={options.isLoading}
    />
  );
}

/** 接收用户: searched by name or account on the server; the saved selection keeps its labels. */
export function AudienceUserSelect(props: PickerProps) {
  const [keyword, setKeyword] = useState('');
  const [saved] = useState(() => props.value ?? []);
  const options = useAudienceOptions(keyword, saved);
  const users = useMemo(
    () => (options.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.firstName || u.username}（${u.username}${u.departmentName ? ` · ${u.departmentName}` : ''}）` })),
    [options.data?.users],
  );
  return <Select {...props} mode="multiple" showSearch filterOption={false} onSearch={setKeyword} options={users} placeholder={text.usersPlaceholder} loading={options.isFetching} />;
}

/** 打开页面: its example follows the chosen 打开方式. */
export function OpenPageInput(props: { id?: string; value?: string | null; onChange?: (value: string) => void }) {
  const openType = Form.useWatch('openType', Form.useFormInstance());
  return (
    <Input
      id={props.id}
      value={props.value ?? ''}
      onChange={(e) => props.onChange?.(e.target.value)}
      placeholder={openType === 'url' ? text.openPagePlaceholderUrl : text.openPagePlaceholderComponent}
      maxLength={255}
    />
  );
}
