import { useEffect, useState } from 'react';
import { Form, Input, Modal, Rate, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NURSE_EVALUATION_ASPECT_LABELS, NURSE_EVALUATION_ASPECTS, nurseEvaluationContract, type NurseEvaluation } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { NurseEvaluationPageText as T } from './nurse-evaluation-text';
import { useSaveMutation } from '../../components/crud/useSaveMutation';

interface Values {
  assignmentId?: string;
  overall: number;
  skill: number;
  attitude: number;
  hygiene: number;
  communication: number;
  comment: string;
}

/** What the dialog evaluates: an assignment (评价 from 派工 or the picker) or an evaluation to edit. */
export type EvaluationTarget = { kind: 'add'; assignment?: { id: string; assignmentNo: string; nurseName: string | null } } | { kind: 'edit'; row: NurseEvaluation } | null;

/** A 已完成 assignment not evaluated yet. */
function EvaluablePicker(props: { value?: string; onChange?: (v: string) => void }) {
  const { request } = useServices();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: ['nurseEvaluation', 'evaluable', keyword], queryFn: () => request.call(nurseEvaluationContract.evaluable, { keyword }) });
  const options = (found.data ?? []).map((a) => ({ value: a.id, label: `${a.assignmentNo} · ${a.nurseName ?? ''} · ${a.customerName ?? ''}` }));
  return <Select<string> {...props} showSearch filterOption={false} onSearch={setKeyword} loading={found.isLoading} options={options} placeholder={T.assignmentPlaceholder} className="nurse-evaluation-assignment" />;
}

/** 评价 / 修改评价: overall and the four aspects (1–5 stars each) and a comment; the nurse's rating follows on the server. */
export function NurseEvaluationModal({ target, onClose, onDone }: { target: EvaluationTarget; onClose: () => void; onDone: () => void }) {
  const { request } = useServices();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.kind === 'edit') form.setFieldsValue({ overall: target.row.overall, ...target.row.aspects, comment: target.row.comment });
  }, [target, form]);
  const save = useSaveMutation({
    editing: target?.kind === 'edit',
    add: nurseEvaluationContract.add,
    edit: nurseEvaluationContract.edit,
    mutationFn: (v: Values) => {
      const body = { overall: v.overall, aspects: { skill: v.skill, attitude: v.attitude, hygiene: v.hygiene, communication: v.communication }, comment: v.comment ?? '' };
      return target?.kind === 'edit'
        ? request.call(nurseEvaluationContract.edit, { ...body, id: target.row.id, version: target.row.version })
        : request.call(nurseEvaluationContract.add, { ...body, assignmentId: target?.kind === 'add' && target.assignment ? target.assignment.id : v.assignmentId! });
    },
    onSaved: () => {
      void client.invalidateQueries({ queryKey: ['nurseEvaluation'] });
      onDone();
    },
    onClose,
  });
  const title = target?.kind === 'edit' ? T.editTitle(target.row.assignmentNo ?? '') : target?.assignment ? T.addTitle(target.assignment.assignmentNo) : T.add;
  const star = (label: string) => [{ required: true, message: T.scoreRequired(label) }];
  return (
    <Modal open={target !== null} title={title} onCancel={onClose} onOk={() => void form.validateFields().then((v) => save.mutate(v), () => undefined)} confirmLoading={save.isPending} destroyOnHidden className="nurse-evaluation-modal">
      <Form<Values> form={form} name="nurseEvaluationForm" layout="horizontal" labelCol={{ span: 6 }}>
        {target?.kind === 'add' && !target.assignment && (
          <Form.Item name="assignmentId" label={T.assignment} rules={[{ required: true, message: '请选择派工单!' }]}>
            <EvaluablePicker />
          </Form.Item>
        )}
        {target?.kind === 'add' && target.assignment && (
          <Form.Item label={T.nurse}>
            <span>{target.assignment.nurseName}</span>
          </Form.Item>
        )}
        <Form.Item name="overall" label={T.overall} rules={star(T.overall)}>
          <Rate className="nurse-evaluation-overall" />
        </Form.Item>
        {NURSE_EVALUATION_ASPECTS.map((a) => (
          <Form.Item key={a} name={a} label={NURSE_EVALUATION_ASPECT_LABELS[a]} rules={star(NURSE_EVALUATION_ASPECT_LABELS[a])}>
            <Rate className={`nurse-evaluation-${a}`} />
          </Form.Item>
        ))}
        <Form.Item name="comment" label={T.comment} rules={[{ max: 1000, message: '评价内容不能超过1000个字符' }]}>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
