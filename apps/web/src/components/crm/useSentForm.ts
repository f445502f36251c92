import { useEffect } from 'react';
import { Form } from 'antd';
import type { z } from 'zod';
import { schemaRule } from '../../lib/schema-rule';
import { asSent } from '../dict/admin';

/** The form holds the request's fields as they are sent (dates as text). */
export type SentFormValues = Partial<Record<string, string | number | string[] | null>>;

interface SentFormOptions<R> {
  schema: z.ZodType;
  /** The dialog is open: the form is reset, and filled from `record` when there is one. */
  open: boolean;
  /** The record edited; null to add one. */
  record: R | null;
  /** Text fields: never touched, they go as '' (so the schema answers "请输入…!"). */
  textFields: readonly string[];
  /** Optional fields: empty, they go as null. */
  nullableFields: readonly string[];
  /** Values the form shows other than the record's text and optional fields as they are. */
  load?: (record: R) => SentFormValues;
  /** The request from the form's values (fields the form does not hold, a list never undefined …). */
  finish?: (values: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * The form of a CRM add/edit dialog and the request it would send; `rule` checks one field with the
 * shared schema of the whole request, so the form shows the message the server would answer.
 */
export function useSentForm<R extends object>({ schema, open, record, textFields, nullableFields, load, finish }: SentFormOptions<R>) {
  const [form] = Form.useForm<SentFormValues>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!record) return;
    const fields = record as Record<string, unknown>;
    form.setFieldsValue({ ...(Object.fromEntries([...textFields, ...nullableFields].map((f) => [f, fields[f]])) as SentFormValues), ...load?.(record) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filled once per opening and record
  }, [open, record, form]);

  const sent = (): Record<string, unknown> => {
    const values = asSent({ ...(form.getFieldsValue() as Record<string, unknown>) }, textFields);
    for (const field of nullableFields) if (values[field] === undefined || values[field] === '') values[field] = null;
    return finish ? finish(values) : values;
  };
  const rule = (field: string, required = false) => schemaRule(schema, field, sent, required);
  return { form, sent, rule };
}

/** A server time shown in a date-time picker (to the minute). */
export function minuteValue(value: string | null): string | null {
  return value ? value.slice(0, 16) : null;
}
