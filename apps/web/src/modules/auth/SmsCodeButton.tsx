import { useEffect, useState } from 'react';
import { Button } from 'antd';

export const SmsCodeText = {
  get: '获取验证码',
  countdown: (seconds: number) => `${seconds} 秒后重新获取`,
} as const;

/**
 * 获取验证码 with its countdown. `send` resolves once the code went out (the countdown starts) and
 * rejects when it did not (the button stays usable: no countdown for a code that was not sent).
 */
export function SmsCodeButton({ send, seconds = 60 }: { send: () => Promise<void>; seconds?: number }) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function onClick() {
    setSending(true);
    try {
      await send();
      setLeft(seconds);
    } catch {
      // The caller has shown why.
    } finally {
      setSending(false);
    }
  }

  return (
    <Button size="large" disabled={left > 0} loading={sending} onClick={onClick}>
      {left > 0 ? SmsCodeText.countdown(left) : SmsCodeText.get}
    </Button>
  );
}
