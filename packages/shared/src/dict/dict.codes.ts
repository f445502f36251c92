/**
 * Codes of the dictionaries seeded at first start (docs/dictionaries.md lists their items). Their
 * items are edited by administrators; pages name them through these constants.
 */
export const DictCode = {
  sex: 'sex',
  yesNo: 'yes_no',
  leadChannelType: 'lead_channel_type',
  channelKind: 'channel_kind',
  intentionGrade: 'intention_grade',
  followUpType: 'follow_up_type',
  followUpWay: 'follow_up_way',
  idType: 'id_type',
  deliveryMode: 'delivery_mode',
  fetusType: 'fetus_type',
  customerLevel: 'customer_level',
  customerTag: 'customer_tag',
  bloodType: 'blood_type',
  productKind: 'product_kind',
  roomFacing: 'room_facing',
  contractType: 'contract_type',
  receivableItem: 'receivable_item',
  paymentMethod: 'payment_method',
  serviceSubject: 'service_subject',
  serviceItem: 'service_item',
  nurseLevel: 'nurse_level',
  nursePracticeType: 'nurse_practice_type',
  nurseServiceType: 'nurse_service_type',
  nurseEmployment: 'nurse_employment',
  nurseSkill: 'nurse_skill',
  nurseCertificate: 'nurse_certificate',
} as const;
export type DictCodeValue = (typeof DictCode)[keyof typeof DictCode];

/**
 * Table sources registered on the server: `getDictItems/{name}` and `/online/api/select/{name}` list
 * rows of the session company. Modules add theirs (`store`, `room` …) as they land.
 */
export const DictSource = {
  user: 'user',
  department: 'department',
} as const;
