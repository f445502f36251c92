import { Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyContract, companyResource, type Company } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { OrgQueryKey } from '../../components/org/org-queries';
import { OrgText } from '../../components/org/org-text';
import { useSessionStore } from '../../lib/session-store';
import { useServices } from '../../lib/useServices';

export const CompanyListText = {
  title: '公司列表',
  add: '新增公司',
  enable: '启用',
  disable: '停用',
  current: '当前',
  disableConfirm: '停用后，该公司的用户将无法再切换到该公司。确定停用吗？',
  enableConfirm: '确定启用该公司吗？',
} as const;

/** 公司: the companies the administrator works for — list, add, edit, enable and disable. */
export function CompanyList() {
  const { request } = useServices();
  const queryClient = useQueryClient();
  const notice = useSuccessNotice();
  const currentCompanyId = useSessionStore((s) => s.userInfo?.companyId ?? '');
  // Company pickers (用户关系, company switch) read the same list.
  const changed = () => void queryClient.invalidateQueries({ queryKey: OrgQueryKey.companies });

  // On and off is an edit (the server has no separate status route), confirmed first.
  const toggle = useMutation({
    mutationFn: (company: Company) => request.call(companyContract.edit, { ...company, enabled: !company.enabled }),
    onSuccess: () => {
      notice(companyContract.edit);
      changed();
    },
  });

  return (
    <ResourceTable
      resource={companyResource}
      contracts={{ list: companyContract.list, add: companyContract.add, edit: companyContract.edit }}
      title={CompanyListText.title}
      addLabel={CompanyListText.add}
      className="company-list"
      columns={{
        code: { copyable: true },
        name: {
          render: (_, row) => (
            <>
              {String(row.name)}
              {row.id === currentCompanyId && (
                <Tag color="blue" style={{ marginLeft: 8 }}>
                  {CompanyListText.current}
                </Tag>
              )}
            </>
          ),
        },
      }}
      extraColumns={[{ title: OrgText.createdAt, dataIndex: 'createdAt', sorter: true, search: false, width: 180 }]}
      rowActions={(row, reload) => {
        const company = row as unknown as Company;
        return [
          {
            key: 'toggle',
            label: company.enabled ? CompanyListText.disable : CompanyListText.enable,
            permission: companyContract.edit.access,
            danger: company.enabled,
            // The server refuses to disable the company of one's own session; the action is not offered.
            hidden: company.id === currentCompanyId && company.enabled,
            confirm: company.enabled ? CompanyListText.disableConfirm : CompanyListText.enableConfirm,
            onClick: () => toggle.mutate(company, { onSuccess: reload }),
          },
        ];
      }}
      // Switching a company off is its own confirmed row action.
      form={{ hide: ['enabled'] }}
      onChanged={changed}
    />
  );
}
