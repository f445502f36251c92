import { useState } from 'react';
import { Alert, Button, Col, Form, Input, Modal, Row, Select, Space, Tabs, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { checkRuleContract, dictContract, ONLINE_FORM_TYPE_LABELS, ONLINE_FORM_TYPES, onlineFormContract as c, type OnlineForm } from '@care/shared';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { useAuthorized } from '../../lib/authorized';
import { useServices } from '../../lib/useServices';
import { FieldsTable, IndexesTable, ListError, type Option } from './DesignTables';
import { checkDesign, designOf, type DesignCheck, emptyDesign, hasSubs, newSub, tabOfPath, type FormDesign, type SubDesign, type TableDesign } from './designer-state';
import { FormConfigText as T } from './online-form-text';

const formTypeOptions = ONLINE_FORM_TYPES.map((value) => ({ value, label: ONLINE_FORM_TYPE_LABELS[value] }));
const OPTION_PAGE = { pageNo: 1, pageSize: 500 };

/** The check rules and dictionaries the selects offer, each read only by holders of its list. */
function useDesignOptions() {
  const { request } = useServices();
  const authorized = useAuthorized();
  const canRules = authorized(checkRuleContract.list.access);
  const canDicts = authorized(dictContract.typeList.access);
  const rules = useQuery({
    queryKey: ['online-form', 'check-rules'],
    enabled: canRules,
    queryFn: () => request.call(checkRuleContract.list, OPTION_PAGE),
    select: (page): Option[] => page.records.map((r) => ({ value: r.code, label: `${r.name}（${r.code}）` })),
  });
  const dicts = useQuery({
    queryKey: ['online-form', 'dict-types'],
    enabled: canDicts,
    queryFn: () => request.call(dictContract.typeList, OPTION_PAGE),
    select: (page): Option[] => page.records.map((d) => ({ value: d.code, label: `${d.name}（${d.code}）` })),
  });
  return { ruleOptions: rules.data ?? [], dictOptions: dicts.data ?? [] };
}

interface DesignerProps {
  /** The form to edit as last read, or null to design a new one. */
  form: OnlineForm | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The designer: 表名, 表描述, 表类型 (and the tree's 显示字段), then the tabs 字段, 索引 and, for
 * 一对多 / ERP / 内嵌子表, 子表 (one tab per child with its own fields and indexes). 保存 checks with
 * the shared add or edit rule first and shows the first message where it belongs; an edit sends the
 * version it read, so a stale save answers the server's message and changes nothing.
 */
export function FormDesigner({ form, onClose, onSaved }: DesignerProps) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const { ruleOptions, dictOptions } = useDesignOptions();
  const [design, setDesignState] = useState<FormDesign>(() => (form ? designOf(form) : emptyDesign()));
  const [error, setError] = useState<{ path: string; message: string } | null>(null);
  const [tab, setTab] = useState('fields');
  const [subTab, setSubTab] = useState<string | undefined>(design.subs[0]?.key);

  const setDesign = (next: FormDesign) => {
    setDesignState(next);
    setError(null);
  };
  const errorAt = (path: string) => (error?.path === path ? error.message : undefined);

  const save = useMutation({
    mutationFn: (checked: Extract<DesignCheck, { ok: true }>) => (checked.edit ? request.call(c.edit, checked.edit) : request.call(c.add, checked.create)),
    onSuccess: () => {
      notice(form ? c.edit : c.add);
      onSaved();
    },
  });
  // The server's refusals (a taken name, a stale version) are shown by the request layer; the shared
  // rule's are shown here, at their input, with the tab that holds it opened.
  const submit = () => {
    const checked = checkDesign(design);
    if (checked.ok) {
      save.mutate(checked);
      return;
    }
    setError({ path: checked.path, message: checked.message });
    const where = tabOfPath(checked.path);
    if (where.startsWith('sub:')) {
      setTab('subs');
      setSubTab(design.subs[Number(where.slice(4))]?.key);
    } else if (checked.path === 'subTables') {
      setTab('subs');
    } else if (!['tableName', 'title', 'formType', 'treeLabelField'].includes(checked.path)) {
      setTab(where);
    }
  };

  const master: TableDesign = { fields: design.fields, indexes: design.indexes };
  const setMaster = (t: TableDesign) => setDesign({ ...design, ...t });
  const setSub = (index: number, sub: SubDesign) => setDesign({ ...design, subs: design.subs.map((s, i) => (i === index ? sub : s)) });
  const addSub = () => {
    const sub = newSub();
    setDesign({ ...design, subs: [...design.subs, sub] });
    setSubTab(sub.key);
  };
  const removeSub = (key: string) => {
    const subs = design.subs.filter((s) => s.key !== key);
    setDesign({ ...design, subs });
    if (subTab === key) setSubTab(subs[0]?.key);
  };
  const labelOptions = design.fields.filter((f) => f.name.trim() !== '').map((f) => ({ value: f.name, label: f.label ? `${f.label}（${f.name}）` : f.name }));
  const withSubs = hasSubs(design.formType);
  // The database table (and the generated page's path) carry the name once synced or given a menu.
  const nameFixed = form !== null && (form.syncState !== 'unsynced' || form.menuPath !== null);

  const tabs = [
    { key: 'fields', label: T.fields, children: <FieldsTable table={master} onChange={setMaster} prefix="" errorAt={errorAt} ruleOptions={ruleOptions} dictOptions={dictOptions} /> },
    { key: 'indexes', label: T.indexes, children: <IndexesTable table={master} onChange={setMaster} prefix="" errorAt={errorAt} /> },
    ...(withSubs
      ? [
          {
            key: 'subs',
            label: `${T.subTables}（${design.subs.length}）`,
            children: (
              <div className="online-design-subs">
                <Typography.Paragraph type="secondary">{T.subHint}</Typography.Paragraph>
                <ListError error={errorAt('subTables')} />
                {design.subs.length === 0 ? (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={addSub}>
                    {T.addSub}
                  </Button>
                ) : (
                  <Tabs
                    type="editable-card"
                    activeKey={subTab}
                    onChange={setSubTab}
                    addIcon={
                      <span aria-label={T.addSub}>
                        <PlusOutlined /> {T.addSub}
                      </span>
                    }
                    onEdit={(key, action) => (action === 'add' ? addSub() : removeSub(String(key)))}
                    items={design.subs.map((sub, i) => ({
                      key: sub.key,
                      label: sub.title || sub.tableName || T.newSub(i + 1),
                      closable: true,
                      closeIcon: <span aria-label={`${T.removeSub} ${i + 1}`}>×</span>,
                      children: (
                        <SubTableEditor sub={sub} index={i} onChange={(next) => setSub(i, next)} errorAt={errorAt} ruleOptions={ruleOptions} dictOptions={dictOptions} />
                      ),
                    }))}
                  />
                )}
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <Modal
      open
      title={form ? T.editTitle(form.tableName) : T.addTitle}
      width={1280}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      className="online-form-designer"
      footer={
        <Space>
          <Button onClick={onClose}>{T.cancel}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            {T.save}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon message={T.designHint} style={{ marginBottom: 12 }} />
      <Form layout="vertical" component="div" autoComplete="off">
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item
              label={T.tableName}
              required
              validateStatus={errorAt('tableName') ? 'error' : undefined}
              help={errorAt('tableName')}
              extra={nameFixed ? T.tableNameFixed : undefined}
            >
              <Input
                value={design.tableName}
                aria-label={T.tableName}
                placeholder="如 purchase_order"
                disabled={nameFixed}
                onChange={(e) => setDesign({ ...design, tableName: e.target.value })}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label={T.tableTitle} required validateStatus={errorAt('title') ? 'error' : undefined} help={errorAt('title')}>
              <Input value={design.title} aria-label={T.tableTitle} onChange={(e) => setDesign({ ...design, title: e.target.value })} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label={T.formType} required validateStatus={errorAt('formType') ? 'error' : undefined} help={errorAt('formType')}>
              <Select
                value={design.formType}
                aria-label={T.formType}
                className="online-form-type-select"
                options={formTypeOptions}
                onChange={(formType) => {
                  const subs = hasSubs(formType) && design.subs.length === 0 ? [newSub()] : design.subs;
                  setDesign({ ...design, formType, subs });
                  if (subs[0] && !subTab) setSubTab(subs[0].key);
                  if (!hasSubs(formType) && tab === 'subs') setTab('fields');
                }}
              />
            </Form.Item>
          </Col>
          {design.formType === 'tree' && (
            <Col span={6}>
              <Form.Item label={T.treeLabelField} required validateStatus={errorAt('treeLabelField') ? 'error' : undefined} help={errorAt('treeLabelField')}>
                <Select
                  value={design.treeLabelField || undefined}
                  aria-label={T.treeLabelField}
                  placeholder={T.treeLabelPlaceholder}
                  options={labelOptions}
                  onChange={(treeLabelField: string) => setDesign({ ...design, treeLabelField })}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Tabs activeKey={tab} onChange={setTab} items={tabs} />
      </Form>
    </Modal>
  );
}

function SubTableEditor({
  sub,
  index,
  onChange,
  errorAt,
  ruleOptions,
  dictOptions,
}: {
  sub: SubDesign;
  index: number;
  onChange: (sub: SubDesign) => void;
  errorAt: (path: string) => string | undefined;
  ruleOptions: Option[];
  dictOptions: Option[];
}) {
  const prefix = `subTables.${index}.`;
  const item = (key: 'tableName' | 'title' | 'fkField', label: string, placeholder?: string) => (
    <Col span={8}>
      <Form.Item label={label} required validateStatus={errorAt(prefix + key) ? 'error' : undefined} help={errorAt(prefix + key)}>
        <Input value={sub[key]} aria-label={label} placeholder={placeholder} onChange={(e) => onChange({ ...sub, [key]: e.target.value })} />
      </Form.Item>
    </Col>
  );
  const table: TableDesign = { fields: sub.fields, indexes: sub.indexes };
  const setTable = (t: TableDesign) => onChange({ ...sub, ...t });
  return (
    <div className="online-design-sub" data-sub-index={index}>
      <Row gutter={16}>
        {item('tableName', T.subTableName, '如 purchase_order_item')}
        {item('title', T.subTitle)}
        {item('fkField', T.fkField)}
      </Row>
      <Typography.Title level={5}>{T.fields}</Typography.Title>
      <FieldsTable table={table} onChange={setTable} prefix={prefix} errorAt={errorAt} ruleOptions={ruleOptions} dictOptions={dictOptions} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {T.indexes}
      </Typography.Title>
      <IndexesTable table={table} onChange={setTable} prefix={prefix} errorAt={errorAt} />
    </div>
  );
}
