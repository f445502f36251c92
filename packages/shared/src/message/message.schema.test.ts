import { describe, expect, it } from 'vitest';
import { announcementCreateSchema } from './announcement.schema.js';
import { messageTemplateCreateSchema, placeholdersOf } from './message.schema.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('message schemas', () => {
  it('lists the placeholders of a template once each, in order', () => {
    expect(placeholdersOf('客户 ${name} ${a.b}', '<p>${name} ${due_date} ${7*7} $name {x}</p>')).toEqual(['name', 'a.b', 'due_date']);
  });

  it('names missing fields in Chinese', () => {
    expect(messagesOf(messageTemplateCreateSchema.safeParse({}))).toEqual(['请输入模板编码!', '请输入模板名称!', '请输入模板标题!', '请输入模板内容!']);
    expect(messagesOf(announcementCreateSchema.safeParse({}))).toEqual(['请输入标题!', '请输入内容!']);
  });

  it('asks for the audience and the page an announcement opens', () => {
    const base = { titile: 't', msgContent: 'c' };
    expect(messagesOf(announcementCreateSchema.safeParse({ ...base, audienceType: 'departments' }))).toEqual(['请选择接收部门!']);
    expect(messagesOf(announcementCreateSchema.safeParse({ ...base, audienceType: 'users' }))).toEqual(['请选择接收用户!']);
    expect(messagesOf(announcementCreateSchema.safeParse({ ...base, openType: 'url' }))).toEqual(['请输入打开页面!']);
    expect(messagesOf(announcementCreateSchema.safeParse({ ...base, openType: 'url', openPage: 'crm/lead' }))).toEqual(['页面路径须以 / 开头']);
    for (const openPage of ['javascript:alert(1)', '//evil.example', 'https://evil.example', '/a b']) {
      expect(announcementCreateSchema.safeParse({ ...base, openType: 'url', openPage }).success, openPage).toBe(false);
    }
    expect(announcementCreateSchema.safeParse({ ...base, openType: 'component', openPage: 'crm/LeadDetail', busId: 'x' }).success).toBe(true);
    expect(announcementCreateSchema.safeParse({ ...base, openType: 'url', openPage: '/crm/lead?id=1' }).success).toBe(true);
  });
});
