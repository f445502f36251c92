import { useRef } from 'react';
import { Col, Row, Tag, Typography } from 'antd';
import { CONTRACT_PLACEHOLDERS, type ContractPlaceholder } from '@care/shared';
import { HtmlEditor } from '../../components/message/HtmlEditor';
import { ContractPageText as text } from './contract-text';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/** The template's HTML with the placeholders beside it; a click appends `{{name}}` at the end. */
export function ContractContentEditor({ value = '', onChange, id }: Props) {
  const latest = useRef(value);
  latest.current = value;
  const insert = (name: ContractPlaceholder) => onChange?.(`${latest.current}{{${name}}}`);
  return (
    <Row gutter={12} wrap={false}>
      <Col flex="auto">
        <HtmlEditor id={id} value={value} onChange={onChange} rows={16} />
      </Col>
      <Col flex="220px" className="contract-placeholders">
        <Typography.Text strong>{text.placeholders}</Typography.Text>
        <div style={{ marginTop: 8, display: 'flex', flexDirection: 'column', gap: 4 }}>
          {(Object.entries(CONTRACT_PLACEHOLDERS) as [ContractPlaceholder, string][]).map(([name, label]) => (
            <Tag key={name} style={{ cursor: 'pointer', marginInlineEnd: 0 }} onClick={() => insert(name)} title={label}>
              {`{{${name}}}`} {label}
            </Tag>
          ))}
        </div>
      </Col>
    </Row>
  );
}
