import { useMemo, useState } from 'react';
import { Alert, Card, Input, Space, Table, Tag, Typography } from 'antd';
import { DICT_ENUM_CODES, DictEnums, type DictEnum } from '@care/shared';

export const EnumListText = {
  title: '枚举',
  intro: '枚举是代码定义的取值（状态、类型等），业务逻辑依赖这些值，因此只读；表单和列表通过编码像数据字典一样使用它们。',
  search: '搜索枚举名称或编码',
  code: '枚举编码',
  name: '枚举名称',
  items: '枚举值',
} as const;

/** 枚举 (/system/enum): the code-defined enums, read-only. */
export function EnumList() {
  const [keyword, setKeyword] = useState('');
  const rows = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    const all: DictEnum[] = DICT_ENUM_CODES.map((code) => DictEnums[code]);
    return k ? all.filter((e) => e.code.toLowerCase().includes(k) || e.name.includes(k) || e.items.some((i) => i.label.includes(k))) : all;
  }, [keyword]);

  return (
    <Card title={EnumListText.title} className="enum-list">
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Alert type="info" showIcon message={EnumListText.intro} />
        <Input.Search allowClear placeholder={EnumListText.search} onChange={(e) => setKeyword(e.target.value)} style={{ maxWidth: 320 }} />
        <Table<DictEnum>
          rowKey="code"
          dataSource={rows}
          pagination={false}
          columns={[
            { title: EnumListText.code, dataIndex: 'code', width: 220, render: (code: string) => <Typography.Text code copyable>{code}</Typography.Text> },
            { title: EnumListText.name, dataIndex: 'name', width: 160 },
            {
              title: EnumListText.items,
              dataIndex: 'items',
              render: (_, row) => (
                <Space size={[4, 4]} wrap>
                  {row.items.map((i) => (
                    <Tag key={i.value} color={i.color}>
                      {i.label}
                      <Typography.Text type="secondary" style={{ marginInlineStart: 4, fontSize: 12 }}>
                        {i.value}
                      </Typography.Text>
                    </Tag>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
