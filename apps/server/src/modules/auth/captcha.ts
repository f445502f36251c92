import svgCaptcha from 'svg-captcha';

export const CAPTCHA_TTL_MS = 60_000;

/** A 4-character image captcha; characters that read alike (0/o, 1/l/i) are left out. */
export function makeCaptcha(): { text: string; dataUrl: string } {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, color: true, ignoreChars: '0oO1ilI', width: 105, height: 35, fontSize: 40 });
  return { text: text.toLowerCase(), dataUrl: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}
