import { Button, DatePicker, Drawer, Form, Input, Space, Table } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { monthlyNurseContract as C, nurseLeaveValuesSchema, type MonthlyNurse, type NurseLeave } from '@care/shared';
import { RowActions } from '../../components/crud/RowActions';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { DATE_FORMAT, textDateProps } from '../../components/crm';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { MonthlyNurseText as text } from './monthly-nurse-text';

interface FormValues {
  startDate?: string;
  endDate?: string;
  reason?: string;
}

/** 请假 of a nurse: her leaves (latest first, both days counted), adding one and deleting one (confirmed). */
export function NurseLeaveDrawer({ nurse, onClose }: { nurse: MonthlyNurse | null; onClose: () => void }) {
  const { request } = useServices();
  const client = useQueryClient();
  const notice = useSuccessNotice();
  const allowed = useAuthorized();
  const [form] = Form.useForm<FormValues>();
  const key = ['monthlyNurse', 'leaves', nurse?.id ?? 'none'];
  const list = useQuery({ queryKey: key, queryFn: () => request.call(C.leaveList, { nurseId: nurse!.id }), enabled: nurse !== null && allowed(C.leaveList.access) });
  const changed = () => void client.invalidateQueries({ queryKey: key });
  const sent = (v: FormValues) => ({ startDate: v.startDate ?? '', endDate: v.endDate ?? '', reason: v.reason ?? '' });

  const add = useMutation({
    mutationFn: (v: FormValues) => request.call(C.leaveAdd, { nurseId: nurse!.id, ...sent(v) }),
    onSuccess: () => {
      notice(C.leaveAdd);
      form.resetFields();
      changed();
    },
  });
  const remove = useMutation({
    mutationFn: (row: NurseLeave) => request.call(C.leaveDelete, { id: row.id }),
    onSuccess: () => {
      notice(C.leaveDelete);
      changed();
    },
  });
  const rule = (field: keyof FormValues, required = false) => schemaRule(nurseLeaveValuesSchema, field, () => sent(form.getFieldsValue()), required);

  return (
    <Drawer open={nurse !== null} onClose={onClose} width={720} title={nurse ? text.leavesOf(nurse.name) : text.leaves} destroyOnHidden className="nurse-leave-drawer">
      <Authorized action={C.leaveAdd.access}>
        <Form form={form} layout="inline" name="nurseLeaveForm" className="nurse-leave-form" onFinish={(v) => add.mutate(v)} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="startDate" label={text.startDate} rules={[rule('startDate', true)]} {...textDateProps(DATE_FORMAT)}>
            <DatePicker style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="endDate" label={text.endDate} rules={[rule('endDate', true)]} dependencies={['startDate']} {...textDateProps(DATE_FORMAT)}>
            <DatePicker style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="reason" label={text.reason} rules={[rule('reason')]}>
            <Input maxLength={200} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              {text.addLeave}
            </Button>
          </Form.Item>
        </Form>
      </Authorized>
      <Table<NurseLeave>
        className="nurse-leave-table"
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: text.noLeaves }}
        columns={[
          { title: text.startDate, dataIndex: 'startDate' },
          { title: text.endDate, dataIndex: 'endDate' },
          { title: text.days, dataIndex: 'days', align: 'right' },
          { title: text.reason, dataIndex: 'reason', ellipsis: true, render: (v: string) => v || '-' },
          { title: text.source, dataIndex: 'source', render: (v: string) => text.sources[v] ?? v },
          {
            title: text.actions,
            key: 'actions',
            render: (_, row) => (
              <Space>
                <RowActions
                  actions={[
                    { key: 'delete', label: text.delete, permission: C.leaveDelete.access, danger: true, confirm: text.leaveDeleteConfirm(row.startDate, row.endDate), onClick: () => remove.mutate(row) },
                  ]}
                />
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
