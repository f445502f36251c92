import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CONTRACT_EVENT_LABELS, contractContract, contractMachine, contractResource, type ContractRecord } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { StoreSelect } from '../../components/crm';
import { Authorized } from '../../lib/authorized/Authorized';
import { AttachmentsModal, GenerateContractModal, ReasonModal, TermsModal, type Run } from './ContractDialogs';
import { ContractPrintModal } from './ContractPrint';
import { ContractPageText as text } from './contract-text';

const as = (row: unknown) => row as ContractRecord;
const { list, exportXls } = contractContract;
const hidden = { hideInTable: true, search: false } as const;

/** 合同 (/trade/contract): generated from orders, signed, audited, voided or terminated, ended; printed on A4. */
export function ContractList({ storeId }: { storeId?: string } = {}) {
  const [generation, setGeneration] = useState(0);
  const [generating, setGenerating] = useState(false);
  const [asking, setAsking] = useState<{ row: ContractRecord; action: string; contract: typeof contractContract.void; run: Run } | null>(null);
  const [terms, setTerms] = useState<{ row: ContractRecord; run: Run } | null>(null);
  const [pages, setPages] = useState<{ row: ContractRecord; run: Run } | null>(null);
  const [printing, setPrinting] = useState<ContractRecord | null>(null);

  return (
    <>
      <ResourceTable
        key={generation}
        resource={contractResource}
        contracts={{ list, exportXls }}
        nameField="contractNo"
        fixedFilters={storeId ? { storeId } : undefined}
        toolbar={[
          <Authorized key="generate" action={contractContract.generate.access}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setGenerating(true)}>
              {text.generate}
            </Button>
          </Authorized>,
        ]}
        columns={{
          orderId: { title: '订单编号', render: (_, row) => as(row).orderNo, search: false },
          customerId: { title: '客户', render: (_, row) => `${as(row).customerName} ${as(row).customerPhone}`, search: false },
          storeId: { hideInSearch: Boolean(storeId), render: (_, row) => as(row).storeName, renderFormItem: () => <StoreSelect /> },
          templateId: hidden,
          signerId: { render: (_, row) => as(row).signerName || '-', search: false },
          auditedBy: { render: (_, row) => as(row).auditorName || '-', search: false },
          auditedAt: { hideInTable: true },
          closedAt: { hideInTable: true },
          attachments: hidden,
          terms: hidden,
          remark: { hideInTable: true, search: false },
          closeReason: { search: false },
          amount: { render: (_, row) => text.yuan(as(row).amount) },
          firstPayment: { render: (_, row) => text.yuan(as(row).firstPayment) },
        }}
        extraColumns={[
          { title: text.keyword, dataIndex: 'keyword', hideInTable: true },
          {
            title: text.signedPeriod,
            dataIndex: 'signedPeriod',
            valueType: 'dateRange',
            hideInTable: true,
            search: { transform: (v: [string, string]) => ({ signedFrom: v[0], signedTo: v[1] }) },
          },
        ]}
        rowActions={(row, _reload, run) => {
          const c = as(row);
          const can = (event: Parameters<typeof contractMachine.can>[1]) => contractMachine.can(c.status, event);
          const move = (event: 'sign' | 'audit' | 'end') => ({
            key: event,
            label: CONTRACT_EVENT_LABELS[event],
            permission: contractContract[event].access,
            hidden: !can(event),
            confirm: text.confirmMove(c.contractNo, CONTRACT_EVENT_LABELS[event]),
            onClick: () => run(contractContract[event], { id: c.id, version: c.version }),
          });
          const close = (event: 'void' | 'terminate') => ({
            key: event,
            label: CONTRACT_EVENT_LABELS[event],
            permission: contractContract[event].access,
            hidden: !can(event),
            danger: true,
            onClick: () => setAsking({ row: c, action: CONTRACT_EVENT_LABELS[event], contract: contractContract[event], run }),
          });
          return [
            move('sign'),
            move('audit'),
            { key: 'print', label: text.print, permission: list.access, onClick: () => setPrinting(c) },
            { key: 'terms', label: text.editTerms, permission: contractContract.edit.access, hidden: !can('editTerms'), onClick: () => setTerms({ row: c, run }) },
            { key: 'attachments', label: text.attachments, permission: contractContract.attachments.access, hidden: c.status === 'voided' || c.status === 'terminated', onClick: () => setPages({ row: c, run }) },
            close('void'),
            close('terminate'),
            move('end'),
          ];
        }}
      />
      <GenerateContractModal open={generating} onClose={() => setGenerating(false)} onDone={() => setGeneration((g) => g + 1)} />
      <ReasonModal asking={asking} onClose={() => setAsking(null)} />
      <TermsModal editing={terms} onClose={() => setTerms(null)} />
      <AttachmentsModal editing={pages} onClose={() => setPages(null)} />
      <ContractPrintModal contract={printing} onClose={() => setPrinting(null)} />
    </>
  );
}
