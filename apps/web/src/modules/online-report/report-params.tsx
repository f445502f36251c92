import { DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { OnlineReportParam, OnlineReportParamValues } from '@care/shared';
import { DictSelect } from '../../components/dict/DictSelect';

/** The form items of a report's search parameters (text, number, date, or a dictionary's select). */
export function ParamItems({ params }: { params: readonly OnlineReportParam[] }) {
  return (
    <>
      {params.map((p) => (
        <Form.Item key={p.name} name={p.name} label={p.label} rules={p.required ? [{ required: true, message: `请输入${p.label}!` }] : undefined}>
          {p.dictCode ? (
            <DictSelect code={p.dictCode} allowClear style={{ width: 180 }} aria-label={p.label} />
          ) : p.type === 'number' ? (
            <InputNumber style={{ width: 160 }} aria-label={p.label} />
          ) : p.type === 'date' ? (
            <DatePicker aria-label={p.label} />
          ) : (
            <Input allowClear style={{ width: 180 }} aria-label={p.label} />
          )}
        </Form.Item>
      ))}
    </>
  );
}

/** The form's initial values: each parameter's default. */
export function initialParamValues(params: readonly OnlineReportParam[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) {
    if (!p.defaultValue) continue;
    out[p.name] = p.type === 'date' ? dayjs(p.defaultValue) : p.type === 'number' ? Number(p.defaultValue) : p.defaultValue;
  }
  return out;
}

/** The values as the server takes them (dates as YYYY-MM-DD, empty as null). */
export function toParamValues(params: readonly OnlineReportParam[], form: Record<string, unknown>): OnlineReportParamValues {
  const out: OnlineReportParamValues = {};
  for (const p of params) {
    const v = form[p.name];
    if (v === undefined || v === null || v === '') out[p.name] = null;
    else if (dayjs.isDayjs(v)) out[p.name] = (v as Dayjs).format('YYYY-MM-DD');
    else out[p.name] = typeof v === 'number' ? v : String(v);
  }
  return out;
}
