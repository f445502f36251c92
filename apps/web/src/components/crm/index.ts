export { ChannelSelect, CrmOptionKey, LeadChannelSelect, StoreSelect, useCrmOptions, useInvalidateCrmOptions, type CrmSelectProps } from './CrmSelects';
export { EnabledTag } from './EnabledTag';
export { CrmText, FollowUpText } from './crm-text';
export { DATE_FORMAT, DATE_TIME_FORMAT, shanghaiNow, textDateProps, toMinute } from './date-field';
export { StatusSwitchLink } from './StatusSwitchLink';
export { LeadText } from './crm-text';
export { CustomerBabyText, CustomerText, LeadConvertText } from './crm-text';
