import { App, Button, Card, Col, Divider, Form, Input, Radio, Row, Skeleton, Space, Switch, Typography } from 'antd';
import {
  FourEyesText,
  SystemConfigText,
  MODE_TYPE_LABELS,
  MODE_TYPES,
  Permission,
  RELATED_LINK_SLOTS,
  systemConfigEditSchema,
  systemContract,
  type SystemConfigDetail,
  type SystemConfigEdit,
} from '@care/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { useAuthorized } from '../../lib/authorized/index';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';

export const SystemConfigPageText = {
  basic: '基本信息',
  systemName: '系统名称',
  systemNameHelp: '显示在左上角标志旁',
  loginSystemName: '登录页系统名称',
  description: '系统描述',
  descriptionHelp: '显示在登录页标题下方',
  modeType: '运行模式',
  companyLegalName: SystemConfigText.companyLegalName,
  companyLegalNameHelp: SystemConfigText.companyLegalNameHelp,
  selfAuditAllowed: FourEyesText.settingLabel,
  selfAuditAllowedHelp: '关闭时（默认）：录入收款、冲销、退款、订单、变更单、派工的人不能审核或审批自己的单据',
  copyrightDesc: '版权信息',
  images: '图片',
  logoImageUrl: 'Logo',
  loginImageUrl: '登录页图片',
  loginBackImageUrl: '登录页背景图',
  links: '登录页底部链接',
  linksHelp: '最多五个；名称和地址需同时填写，地址以 http://、https:// 或 / 开头。',
  linkName: (slot: number) => `链接${slot}名称`,
  linkUrl: (slot: number) => `链接${slot}地址`,
  save: '保存',
  reset: '重置',
  readOnly: '您没有修改系统配置的权限，只能查看。',
} as const;

const CONFIG_KEY = ['system', 'config', 'edit'] as const;
/** The query the login page and the shell read (useSystemConfig, useBrand). */
const PUBLIC_CONFIG_KEY = ['system', 'config'] as const;

type ConfigForm = Omit<SystemConfigEdit, 'version'>;

/** 系统配置: everything getSystemConfig answers plus the operating mode; the login page shows a save at once. */
export function SystemConfig() {
  const { request } = useServices();
  const config = useQuery({
    queryKey: CONFIG_KEY,
    queryFn: () => request.call(systemContract.query, {}),
    staleTime: 0,
  });
  return (
    <Card className="system-config">
      {config.data ? <SystemConfigForm key={config.data.version} config={config.data} /> : <Skeleton active paragraph={{ rows: 10 }} loading={config.isFetching} />}
    </Card>
  );
}

function SystemConfigForm({ config }: { config: SystemConfigDetail }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mayEdit = useAuthorized()(Permission.systemConfigEdit);
  const [form] = Form.useForm<ConfigForm>();
  const { version, ...initial } = config;

  const save = useMutation({
    mutationFn: (values: ConfigForm) => request.call(systemContract.edit, { ...initial, ...values, version }),
    onSuccess: (saved) => {
      void message.success(systemContract.edit.successMessage);
      queryClient.setQueryData(CONFIG_KEY, saved);
      // The shell's logo and title and the login page read the public configuration.
      void queryClient.invalidateQueries({ queryKey: PUBLIC_CONFIG_KEY, exact: true });
    },
  });

  const body = () => ({ ...initial, ...form.getFieldsValue(true), version });
  const rule = (field: keyof ConfigForm, required = false) => schemaRule(systemConfigEditSchema, field, body, required);

  return (
    <Form
      form={form}
      name="systemConfig"
      className="system-config-form"
      layout="vertical"
      disabled={!mayEdit}
      initialValues={initial}
      onFinish={(values) => save.mutate(values)}
      scrollToFirstError
    >
      {!mayEdit && <Typography.Paragraph type="secondary">{SystemConfigPageText.readOnly}</Typography.Paragraph>}
      <Divider orientation="left">{SystemConfigPageText.basic}</Divider>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="systemName" label={SystemConfigPageText.systemName} extra={SystemConfigPageText.systemNameHelp} rules={[rule('systemName', true)]}>
            <Input maxLength={30} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="loginSystemName" label={SystemConfigPageText.loginSystemName} rules={[rule('loginSystemName', true)]}>
            <Input maxLength={50} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="description" label={SystemConfigPageText.description} extra={SystemConfigPageText.descriptionHelp} rules={[rule('description')]}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="copyrightDesc" label={SystemConfigPageText.copyrightDesc} rules={[rule('copyrightDesc')]}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="companyLegalName" label={SystemConfigPageText.companyLegalName} extra={SystemConfigPageText.companyLegalNameHelp} rules={[rule('companyLegalName')]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="modeType" label={SystemConfigPageText.modeType} rules={[rule('modeType', true)]}>
            <Radio.Group options={MODE_TYPES.map((value) => ({ value, label: MODE_TYPE_LABELS[value] }))} optionType="button" buttonStyle="solid" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="selfAuditAllowed" label={SystemConfigPageText.selfAuditAllowed} extra={SystemConfigPageText.selfAuditAllowedHelp} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>

      <Divider orientation="left">{SystemConfigPageText.images}</Divider>
      <Row gutter={24}>
        {(['logoImageUrl', 'loginImageUrl', 'loginBackImageUrl'] as const).map((field) => (
          <Col key={field} xs={24} md={8}>
            <Form.Item name={field} label={SystemConfigPageText[field]} rules={[rule(field)]}>
              <ImageUpload biz="system" disabled={!mayEdit} />
            </Form.Item>
          </Col>
        ))}
      </Row>

      <Divider orientation="left">{SystemConfigPageText.links}</Divider>
      <Typography.Paragraph type="secondary">{SystemConfigPageText.linksHelp}</Typography.Paragraph>
      {RELATED_LINK_SLOTS.map((slot) => (
        <Row gutter={24} key={slot}>
          <Col xs={24} md={8}>
            <Form.Item
              name={`relatedLinkName${slot}`}
              label={SystemConfigPageText.linkName(slot)}
              dependencies={[`relatedLinkUrl${slot}`]}
              rules={[rule(`relatedLinkName${slot}`)]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name={`relatedLinkUrl${slot}`}
              label={SystemConfigPageText.linkUrl(slot)}
              dependencies={[`relatedLinkName${slot}`]}
              rules={[rule(`relatedLinkUrl${slot}`)]}
            >
              <Input maxLength={500} placeholder="https://" />
            </Form.Item>
          </Col>
        </Row>
      ))}

      {mayEdit && (
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {SystemConfigPageText.save}
          </Button>
          <Button htmlType="button" onClick={() => form.resetFields()}>
            {SystemConfigPageText.reset}
          </Button>
        </Space>
      )}
    </Form>
  );
}
