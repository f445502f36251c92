import { useEffect } from 'react';
import { Alert, Button, Collapse, DatePicker, Drawer, Empty, Form, InputNumber, List, Space, Spin, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { DictCode, nurseScheduleContract, type NurseMatchCandidate, type NurseMatchCriteria, type NurseMatchExcluded, type NurseMatchResult } from '@care/shared';
import { DATE_FORMAT, StoreSelect, textDateProps } from '../../components/crm';
import { DictSelect, DictTag } from '../../components/dict';
import { useServices } from '../../lib/useServices';
import { NurseMatchText as T } from './nurse-schedule-text';

export interface NurseMatchDrawerProps {
  open: boolean;
  /** Prefills the criteria form (the 派工 form's store, start date, days and service form). */
  criteria: { storeId?: string; startDate?: string; days?: number; serviceType?: string; orderId?: string };
  onPick: (nurse: { id: string; name: string; nurseNo: string }) => void;
  onClose: () => void;
}

interface Values {
  storeId?: string;
  startDate?: string;
  days?: number;
  serviceType?: string;
  minLevel?: string;
  budget?: number;
  skills?: string[];
}

/**
 * 匹配月嫂: criteria (prefilled from the caller) → the nurses free for the whole period, ranked with the
 * parts of their score, and the ones left out with every reason (docs/nurses.md "Matching").
 */
export function NurseMatchDrawer({ open, criteria, onPick, onClose }: NurseMatchDrawerProps) {
  const { request } = useServices();
  const [form] = Form.useForm<Values>();
  const match = useMutation({ mutationFn: (body: NurseMatchCriteria) => request.call(nurseScheduleContract.match, body) });
  const { storeId, startDate, days, serviceType, orderId } = criteria;
  const { reset } = match;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ storeId, startDate, days, serviceType, skills: [] });
    reset();
  }, [open, storeId, startDate, days, serviceType, form, reset]);

  const run = async () => {
    const v = await form.validateFields();
    match.mutate({
      storeId: v.storeId || undefined,
      startDate: v.startDate!,
      days: v.days!,
      serviceType: v.serviceType || undefined,
      minLevel: v.minLevel || undefined,
      budget: v.budget === undefined || v.budget === null ? undefined : String(v.budget),
      skills: v.skills ?? [],
      // The AI log links the match's explanation to the order it is for.
      orderId: orderId || undefined,
    });
  };

  return (
    <Drawer title={T.title} open={open} onClose={onClose} width={640} forceRender className="nurse-match-drawer">
      <Form form={form} layout="vertical" className="nurse-match-form">
        <Space wrap align="start" size={[12, 0]}>
          <Form.Item name="startDate" label={T.startDate} rules={[{ required: true, message: T.required }]} {...textDateProps(DATE_FORMAT)}>
            <DatePicker style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="days" label={T.days} rules={[{ required: true, message: T.daysRequired }]}>
            <InputNumber min={1} max={365} precision={0} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="serviceType" label={T.serviceType}>
            <DictSelect code={DictCode.nurseServiceType} allowClear style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="minLevel" label={T.minLevel}>
            <DictSelect code={DictCode.nurseLevel} allowClear style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="budget" label={T.budget}>
            <InputNumber min={0} precision={2} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="storeId" label={T.store}>
            <StoreSelect allowClear style={{ width: 170 }} />
          </Form.Item>
          <Form.Item name="skills" label={T.skills}>
            <DictSelect code={DictCode.nurseSkill} mode="multiple" allowClear style={{ width: 300 }} />
          </Form.Item>
        </Space>
        <Button type="primary" onClick={() => void run()} loading={match.isPending} className="nurse-match-run">
          {T.match}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        {match.isPending ? <Spin /> : match.data ? <MatchResult result={match.data} onPick={onPick} /> : <Typography.Text type="secondary">{T.notYet}</Typography.Text>}
      </div>
    </Drawer>
  );
}

function MatchResult({ result, onPick }: { result: NurseMatchResult; onPick: NurseMatchDrawerProps['onPick'] }) {
  return (
    <div className="nurse-match-result">
      <Typography.Paragraph type="secondary">{T.period(result.period.from, result.period.to)}</Typography.Paragraph>
      {result.explanation?.text ? (
        <Alert
          type="info"
          className="nurse-match-explanation"
          style={{ marginBottom: 12 }}
          message={
            <Space size={8}>
              <span>{T.explanation}</span>
              <Tag className="nurse-match-explanation-model">{result.explanation.model}</Tag>
              {result.explanation.status === 'fallback' ? <Typography.Text type="secondary">{T.explanationFallback}</Typography.Text> : null}
            </Space>
          }
          description={<div style={{ whiteSpace: 'pre-wrap' }}>{result.explanation.text}</div>}
        />
      ) : null}
      <Typography.Title level={5}>{T.candidates(result.candidates.length)}</Typography.Title>
      {result.candidates.length === 0 ? (
        <Empty description={T.noCandidate} />
      ) : (
        <List
          className="nurse-match-candidates"
          dataSource={result.candidates}
          renderItem={(n, i) => (
            <List.Item
              className="nurse-match-candidate"
              data-nurse-no={n.nurseNo}
              actions={[
                <Button key="pick" type="link" className="nurse-match-pick" onClick={() => onPick({ id: n.id, name: n.name, nurseNo: n.nurseNo })}>
                  {T.pick}
                </Button>,
              ]}
            >
              <List.Item.Meta title={<NurseTitle n={n} rank={i + 1} />} description={<Reasons n={n} />} />
            </List.Item>
          )}
        />
      )}
      {result.excluded.length > 0 ? (
        <Collapse
          className="nurse-match-excluded"
          style={{ marginTop: 12 }}
          items={[
            {
              key: 'excluded',
              label: T.excluded(result.excluded.length),
              children: (
                <List
                  size="small"
                  dataSource={result.excluded}
                  renderItem={(n) => (
                    <List.Item className="nurse-match-excluded-item" data-nurse-no={n.nurseNo}>
                      <List.Item.Meta title={<NurseTitle n={n} />} description={<Reasons n={n} />} />
                    </List.Item>
                  )}
                />
              ),
            },
          ]}
        />
      ) : null}
    </div>
  );
}

function NurseTitle({ n, rank }: { n: NurseMatchCandidate | NurseMatchExcluded; rank?: number }) {
  return (
    <Space size={8} wrap>
      {rank ? <Tag color="blue">{rank}</Tag> : null}
      <span className="nurse-match-name">
        {n.name}（{n.nurseNo}）
      </span>
      <DictTag code={DictCode.nurseLevel} value={n.level} />
      <Typography.Text type="secondary">¥{n.periodPrice}</Typography.Text>
      <Typography.Text type="secondary">{T.rating(n.rating)}</Typography.Text>
      {'score' in n ? (
        <Typography.Text strong>
          {T.score} {n.score}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

function Reasons({ n }: { n: NurseMatchCandidate | NurseMatchExcluded }) {
  const ranked = 'score' in n;
  return (
    <Space size={[4, 4]} wrap className="nurse-match-reasons">
      {n.reasons.map((r, i) => (
        <Tag key={`${r.code}${i}`} color={ranked ? (r.points ? 'green' : 'default') : 'red'} data-reason={r.code}>
          {r.text}
          {ranked && r.points !== undefined ? ` +${r.points}` : ''}
        </Tag>
      ))}
    </Space>
  );
}
