import { DatePicker, Input, InputNumber } from 'antd';
import type { GridField } from '../form/FieldGrid';
import { ChannelSelect, LeadChannelSelect } from './CrmSelects';
import { DATE_FORMAT, DATE_TIME_FORMAT, textDateProps } from './date-field';

/**
 * Form items the CRM dialogs (客户, 线索, 宝宝) share: the same label keys, widgets and limits, so a
 * field reads and checks alike wherever it is entered.
 */

/** A date kept as `YYYY-MM-DD` text. */
export function dateInput(): Pick<GridField, 'input' | 'getValueProps' | 'normalize'> {
  return { ...textDateProps(DATE_FORMAT), input: <DatePicker style={{ width: '100%' }} /> };
}

/** A date and time to the minute, kept as `YYYY-MM-DD HH:mm` text. */
export function dateTimeInput(): Pick<GridField, 'input' | 'getValueProps' | 'normalize'> {
  return { ...textDateProps(DATE_TIME_FORMAT), input: <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} style={{ width: '100%' }} /> };
}

/** 姓名 (required), 手机号 (required, checked as typed) and 微信. */
export function contactFields(text: { name: string; phone: string; wechat: string }): GridField[] {
  return [
    { name: 'name', label: text.name, required: true, input: <Input maxLength={50} /> },
    { name: 'phone', label: text.phone, required: true, validateTrigger: ['onBlur', 'onChange'], input: <Input maxLength={20} /> },
    { name: 'wechat', label: text.wechat, input: <Input maxLength={64} /> },
  ];
}

/** 线索渠道 and 合作渠道; a record keeps the label of a channel no longer offered. */
export function channelFields(
  text: { leadChannel: string; channel: string },
  record: { leadChannelName?: string | null; channelName?: string | null } | null,
): GridField[] {
  return [
    { name: 'leadChannelId', label: text.leadChannel, input: <LeadChannelSelect currentLabel={record?.leadChannelName} /> },
    { name: 'channelId', label: text.channel, input: <ChannelSelect currentLabel={record?.channelName} /> },
  ];
}

/** 胎次. */
export function parityField(label: string): GridField {
  return { name: 'parity', label, input: <InputNumber min={1} max={10} precision={0} style={{ width: '100%' }} /> };
}

/** 下次跟进时间 and 备注 (the whole row), the last items of a lead or customer. */
export function followUpFields(text: { nextFollowAt: string; remark: string }): GridField[] {
  return [
    { name: 'nextFollowAt', label: text.nextFollowAt, ...dateTimeInput() },
    { name: 'remark', label: text.remark, span: 24, input: <Input.TextArea rows={2} maxLength={1000} showCount /> },
  ];
}
