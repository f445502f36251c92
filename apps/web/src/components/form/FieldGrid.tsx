import type { ReactNode } from 'react';
import { Col, Form, Row, type FormItemProps, type FormRule as Rule } from 'antd';


/** One item of a form grid: the Form.Item's props, its widget and how many of the 24 columns it takes. */
export interface GridField extends Omit<FormItemProps, 'name' | 'children' | 'required'> {
  name: string;
  input: ReactNode;
  /** 8 of 24 when not given. */
  span?: number;
  /** Required by the schema rule (which also marks the label). */
  required?: boolean;
  /** false: no schema rule (a field the request does not carry, or one checked by `rules` alone). */
  check?: boolean;
  /** Rules after the schema rule. */
  rules?: Rule[];
}

/** The schema rule of a field, as the form's `schemaRule` wrapper gives it. */
export type FieldRule = (field: string, required?: boolean) => Rule;

/** A row of form items, each checked by the form's schema rule; `false` entries are left out. */
export function FieldGrid({ fields, rule }: { fields: (GridField | false)[]; rule: FieldRule }) {
  return (
    <Row gutter={16}>
      {fields.map(
        (field) =>
          field && (
            <Col key={field.name} span={field.span ?? 8}>
              <GridItem field={field} rule={rule} />
            </Col>
          ),
      )}
    </Row>
  );
}

function GridItem({ field, rule }: { field: GridField; rule: FieldRule }) {
  const { name, input, span: _span, required, check = true, rules = [], ...item } = field;
  return (
    <Form.Item name={name} rules={check ? [rule(name, required), ...rules] : rules} {...item}>
      {input}
    </Form.Item>
  );
}
