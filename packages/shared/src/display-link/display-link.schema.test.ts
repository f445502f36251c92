import { describe, expect, it } from 'vitest';
import { displayLinkAddSchema, DisplayLinkText, displayLinkUrl, DISPLAY_LINK_TOKEN_PATTERN, maskName } from './display-link.schema.js';

describe('display links', () => {
  it('masks a name on a public screen: the first character, then one * per other character', () => {
    expect(maskName('王小美')).toBe('王**');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName('李')).toBe('李*');
    expect(maskName('  ')).toBe('');
  });

  it('builds the address under /app with the token in the query', () => {
    const token = 'a'.repeat(43);
    expect(DISPLAY_LINK_TOKEN_PATTERN.test(token)).toBe(true);
    expect(displayLinkUrl(3, token)).toBe(`/app/bigscreen/bigscreen3?token=${token}`);
  });

  it('takes screen 1–3, 1–365 days (default 30) and a note of at most 100 characters, in Chinese', () => {
    expect(displayLinkAddSchema.parse({ screen: 2 })).toEqual({ screen: 2, days: 30, note: '' });
    const message = (v: unknown) => displayLinkAddSchema.safeParse(v).error?.issues[0]?.message;
    expect(message({ screen: 4 })).toBe(DisplayLinkText.pickScreen);
    expect(message({ screen: 1, days: 366 })).toBe(DisplayLinkText.daysRange);
    expect(message({ screen: 1, days: 1.5 })).toBe(DisplayLinkText.daysRange);
    expect(message({ screen: 1, note: '字'.repeat(101) })).toBe(DisplayLinkText.noteTooLong);
  });
});
