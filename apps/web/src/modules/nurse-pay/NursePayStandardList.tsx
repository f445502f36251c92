import { useEffect, useRef } from 'react';
import { Form, InputNumber } from 'antd';
import { nursePayStandardContract, nursePayStandardResource, suggestedDailyRate, type NursePayStandard } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { DictTag } from '../../components/dict/DictTag';
import { NursePayPageText as T } from './nurse-pay-text';

const as = (row: unknown) => row as NursePayStandard;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const isUnset = (v: unknown) => v === undefined || v === null || v === '' || Number(v) === 0;

/**
 * 日薪: follows 26天参考价 ÷ 26 (cents, rounded) until the user types a rate of her own; a standard
 * edited with a rate keeps it.
 */
export function DailyRateInput({ value, onChange }: { value?: string | null; onChange?: (value: string | null) => void }) {
  const form = Form.useFormInstance();
  const price = Form.useWatch('price26Days', form) as string | number | null | undefined;
  const typed = useRef(!isUnset(value));
  useEffect(() => {
    if (typed.current || price === undefined || price === null || !MONEY.test(String(price))) return;
    onChange?.(suggestedDailyRate(price));
    // Only the price drives the suggestion.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [price]);
  return (
    <InputNumber<string>
      className="nurse-daily-rate-input"
      min="0"
      precision={2}
      stringMode
      style={{ width: 200 }}
      value={value ?? null}
      onChange={(v) => {
        typed.current = !isUnset(v);
        onChange?.(v);
      }}
    />
  );
}

/** 薪酬标准 (/serve/nursePayStandard): the 26-day price and daily rate per level × practice type × service form. */
export function NursePayStandardList() {
  return (
    <ResourceTable
      resource={nursePayStandardResource}
      contracts={nursePayStandardContract}
      deleteConfirm={() => T.deleteConfirm}
      tooltip={T.standardTooltip}
      className="nurse-pay-standard-page"
      columns={{
        level: { render: (_, row) => <DictTag code={nursePayStandardResource.fields.level.dict} value={as(row).level} /> },
        practiceType: { render: (_, row) => <DictTag code={nursePayStandardResource.fields.practiceType.dict} value={as(row).practiceType} /> },
        serviceType: { render: (_, row) => <DictTag code={nursePayStandardResource.fields.serviceType.dict} value={as(row).serviceType} /> },
        price26Days: { render: (_, row) => `¥${as(row).price26Days}` },
        dailyRate: { render: (_, row) => `¥${as(row).dailyRate}` },
      }}
      form={{ inputs: { dailyRate: <DailyRateInput /> }, extra: { dailyRate: T.dailyRateHint } }}
    />
  );
}
