import { contractTemplateContract, contractTemplateResource } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { ContractContentEditor } from './ContractContentEditor';
import { ContractPageText as text } from './contract-text';

/** 合同模板 (/trade/contractTemplate): each contract type's terms as HTML with placeholders, sanitised by the server. */
export function ContractTemplateList() {
  return (
    <ResourceTable
      resource={contractTemplateResource}
      contracts={contractTemplateContract}
      tooltip={text.templateTooltip}
      form={{ width: 1100, inputs: { content: <ContractContentEditor /> } }}
    />
  );
}

