import { Button, Modal } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { ContractRecord } from '@care/shared';
import { SafeHtml } from '../../components/message/SafeHtml';
import { ContractPageText as text } from './contract-text';

// While printing, only the sheet shows: the app's chrome and the dialog's frame are hidden, the sheet
// flows over A4 pages with margins, and headings / tables / signatures are not split across pages.
const PRINT_CSS = `
@page { size: A4; margin: 18mm 16mm 20mm; }
.contract-sheet { font-family: "SimSun", "Songti SC", serif; font-size: 14px; line-height: 1.8; color: #000; max-width: 178mm; margin: 0 auto; }
.contract-sheet h1 { font-size: 22px; text-align: center; margin: 0 0 12px; }
.contract-sheet h2 { font-size: 16px; margin: 16px 0 6px; break-after: avoid; page-break-after: avoid; }
.contract-sheet table { width: 100%; border-collapse: collapse; break-inside: avoid; page-break-inside: avoid; }
.contract-sheet td, .contract-sheet th { border: 1px solid #000; padding: 4px 6px; }
.contract-sheet .page-break { break-before: page; page-break-before: always; }
.contract-sheet .contract-summary { display: flex; justify-content: space-between; margin-bottom: 8px; }
.contract-sheet .contract-signatures { display: flex; justify-content: space-between; gap: 24px; margin-top: 40px; break-inside: avoid; page-break-inside: avoid; }
.contract-sheet .contract-signatures > div { flex: 1; }
.contract-sheet .signature-line { border-bottom: 1px solid #000; height: 36px; margin: 6px 0 12px; }
@media print {
  body * { visibility: hidden !important; }
  .contract-sheet, .contract-sheet * { visibility: visible !important; }
  .contract-sheet { position: absolute; left: 0; top: 0; width: 100%; max-width: none; }
  .ant-modal-wrap, .ant-modal, .ant-modal-content, .ant-modal-body { position: static !important; overflow: visible !important; padding: 0 !important; box-shadow: none !important; transform: none !important; }
}
`;

/** The printable contract: number, parties, amounts, the terms (sanitised again on render) and the signature lines. */
export function ContractSheet({ contract }: { contract: ContractRecord }) {
  return (
    <div className="contract-sheet">
      <style>{PRINT_CSS}</style>
      <div className="contract-summary">
        <span>{text.contractNo}：{contract.contractNo}</span>
        <span>{text.amount}：{text.yuan(contract.amount)}{'\u3000'}{text.firstPaymentShort}：{text.yuan(contract.firstPayment)}</span>
      </div>
      <SafeHtml html={contract.terms} className="contract-terms" />
      <div className="contract-signatures">
        <div>
          <div>{text.partyA}：{contract.partyA}</div>
          <div>{text.signature}：</div>
          <div className="signature-line" />
          <div>{text.date}：{text.blankDate}</div>
        </div>
        <div>
          <div>{text.partyB}：{contract.customerName}</div>
          <div>{text.signature}：</div>
          <div className="signature-line" />
          <div>{text.date}：{text.blankDate}</div>
        </div>
      </div>
    </div>
  );
}

/** 打印: the sheet as it will print, and the browser's print. */
export function ContractPrintModal({ contract, onClose }: { contract: ContractRecord | null; onClose: () => void }) {
  return (
    <Modal
      open={contract !== null}
      width={860}
      title={contract ? text.printTitle(contract.contractNo) : ''}
      onCancel={onClose}
      destroyOnHidden
      className="contract-print-modal"
      footer={
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {text.printNow}
        </Button>
      }
    >
      {contract && <ContractSheet contract={contract} />}
    </Modal>
  );
}
