import { useNavigate } from 'react-router';
import { dictContract, dictTypeResource } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { useDuplicateRule } from '../../components/dict/remote-rules';
import { useInvalidateDict } from '../../components/dict/useDictOptions';

export const DictTypeText = {
  title: '字典类型',
  itemCount: '字典项',
  items: '字典配置',
  add: '新增字典',
  deleteConfirm: (name: string) => `确定删除字典「${name}」及其全部字典项吗？已保存的数据将只显示原始值。`,
} as const;

const contracts = { list: dictContract.typeList, add: dictContract.typeAdd, edit: dictContract.typeEdit, delete: dictContract.typeDelete };

/** 字典类型 (/system/dictType): the dictionaries of the site; their items are edited on 数据字典. */
export function DictTypeList() {
  const navigate = useNavigate();
  const invalidate = useInvalidateDict();
  const unique = useDuplicateRule('dict_type', 'code');
  return (
    <ResourceTable
      resource={dictTypeResource}
      contracts={contracts}
      title={DictTypeText.title}
      addLabel={DictTypeText.add}
      className="dict-type-table"
      columns={{ code: { copyable: true } }}
      extraColumns={[
        { title: DictTypeText.itemCount, dataIndex: 'itemCount', search: false, width: 90 },
        { title: '创建时间', dataIndex: 'createdAt', search: false, sorter: true },
      ]}
      rowActions={(row) => [{ key: 'items', label: DictTypeText.items, onClick: () => void navigate(`/system/dict?typeId=${row.id}`) }]}
      deleteConfirm={(row) => DictTypeText.deleteConfirm(String(row.name))}
      form={{ lockedOnEdit: ['code'], rules: { code: [unique] } }}
      onChanged={() => void invalidate()}
    />
  );
}
