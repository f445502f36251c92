import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { AuthText, authContract, phoneCheck, toFormRule, type LoginResult } from '@care/shared';
import { Button, Form, Input, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { loadShell } from '../../app/load-shell';
import { redirectTarget } from '../../app/paths';
import { completeSignIn, recoverFromPermissionFailure } from '../../lib/auth-api';
import { lazyMessage as message } from '../../lib/ui';
import { useServices } from '../../lib/useServices';
import { casLink, LoginText, unseenFailure, withoutParams } from './login-flow';
import styles from './LoginPage.module.css';
import { useCaptcha } from './useCaptcha';
import { useLoginOptions } from './useLoginOptions';
import { SmsCodeButton } from './SmsCodeButton';

type LoginMode = 'account' | 'phone';

interface LoginValues {
  username?: string;
  password?: string;
  captcha?: string;
  mobile?: string;
  smsCode?: string;
}

const tabs: { key: LoginMode; label: string }[] = [
  { key: 'account', label: LoginText.accountTab },
  { key: 'phone', label: LoginText.phoneTab },
];

// The contract's own check of the SMS code (6 digits), so the form and the server say the same.
const smsCodeSchema = authContract.phoneLogin.body?.shape.captcha;
const smsCodeRule = {
  validator: (_rule: unknown, value: unknown) => {
    if (!smsCodeSchema || value === undefined || value === null || value === '') return Promise.resolve();
    const parsed = smsCodeSchema.safeParse(value);
    return parsed.success ? Promise.resolve() : Promise.reject(new Error(parsed.error.issues[0]?.message));
  },
};

// One-time sign-in parameters (CAS ticket, WeChat code) are used once, also under StrictMode's double effects.
const usedGrants = new Set<string>();

/**
 * The sign-in form: account + password (+ captcha) or phone + SMS code, plus CAS and WeChat returns.
 * Plain antd Form, not pro-components: the sign-in route stays small (scripts/check-web-budget.ts).
 */
export function LoginForms({ title, subTitle, logo }: { title: ReactNode; subTitle: ReactNode; logo: ReactNode }) {
  const [mode, setMode] = useState<LoginMode>('account');
  const [externalPending, setExternalPending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<LoginValues>();
  const { request } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const options = useLoginOptions();
  // Until the server says otherwise the field stays hidden; if it cannot say, the captcha is assumed on.
  const captchaOn = options.data ? options.data.captcha : options.isError;
  const captcha = useCaptcha(mode === 'account' && captchaOn);
  const redirect = params.get('redirect');

  /** Stores the session, loads the permissions and goes on; false when the permissions failed. */
  const finishSignIn = useCallback(
    async (result: LoginResult): Promise<boolean> => {
      try {
        await completeSignIn(result);
      } catch (error) {
        await recoverFromPermissionFailure(error);
        return false;
      }
      navigate(redirectTarget(redirect), { replace: true });
      return true;
    },
    [navigate, redirect],
  );

  const showFailure = useCallback(
    (error: unknown) => {
      const text = unseenFailure(error);
      if (text) message.error(text);
    },
    [],
  );

  // Back from CAS (?ticket=) or WeChat (?code=&state=wechat): exchange the grant for a session.
  const ticket = params.get('ticket');
  // The state is checked by the server against this browser's cookie (wechatState).
  const wechatState = params.get('state');
  const wechatCode = wechatState ? params.get('code') : null;
  useEffect(() => {
    const grant = ticket ?? wechatCode;
    if (!grant || usedGrants.has(grant)) return;
    usedGrants.add(grant);
    const signIn = ticket
      ? request.call(authContract.casValidateLogin, { ticket, service: withoutParams(window.location.href, ['ticket']) })
      : request.call(authContract.registerWxLogin, { code: grant, state: wechatState ?? '' });
    setExternalPending(true);
    signIn
      .then(finishSignIn, (error: unknown) => {
        showFailure(error);
        return false;
      })
      .then((signedIn) => {
        setExternalPending(false);
        // A used grant must not be sent again by a reload.
        if (!signedIn) navigate({ search: new URL(withoutParams(window.location.href, ['ticket', 'code', 'state'])).search }, { replace: true });
      });
  }, [ticket, wechatCode, wechatState, request, finishSignIn, showFailure, navigate]);

  async function onFinish(values: LoginValues): Promise<void> {
    // The shell downloads while the server checks the password (its chunk failing is handled on arrival).
    loadShell().catch(() => undefined);
    setSubmitting(true);
    try {
      await signIn(values);
    } finally {
      setSubmitting(false);
    }
  }

  async function signIn(values: LoginValues): Promise<void> {
    let result: LoginResult;
    try {
      result =
        mode === 'account'
          ? await request.call(authContract.getCodeLogin, {
              username: values.username ?? '',
              password: values.password ?? '',
              ...(captchaOn ? { captcha: values.captcha ?? '', checkKey: captcha.checkKey } : {}),
            })
          : await request.call(authContract.phoneLogin, { mobile: values.mobile ?? '', captcha: values.smsCode ?? '' });
    } catch (error) {
      showFailure(error);
      afterFailure();
      return;
    }
    if (!(await finishSignIn(result))) afterFailure();
  }

  // The username stays; a captcha is good for one attempt only.
  function afterFailure() {
    if (mode === 'account' && captchaOn) {
      captcha.refresh();
      form.setFieldValue('captcha', '');
    }
  }

  const cas = casLink(options.data?.casLoginUrl, withoutParams(window.location.href, ['ticket']));
  const wechat = options.data?.wechat ?? false;

  /** To WeChat with a state the server bound to this browser; WeChat returns here with it. */
  async function startWechat(): Promise<void> {
    try {
      const { authorizeUrl } = await request.call(authContract.wechatState);
      if (authorizeUrl) window.location.assign(authorizeUrl);
      else message.error(AuthText.wechatNotConfigured);
    } catch (error) {
      showFailure(error);
    }
  }

  async function sendSmsCode(): Promise<void> {
    const { mobile } = await form.validateFields(['mobile']);
    try {
      await request.call(authContract.sms, { mobile: mobile ?? '' });
    } catch (error) {
      showFailure(error);
      throw error;
    }
    message.success(AuthText.smsSent);
  }

  return (
    <div className={styles.card}>
      <Spin spinning={externalPending} tip={LoginText.signingIn}>
        <div className={styles.form}>
          <div className={styles.header}>
            {logo}
            <span className={styles.title}>{title}</span>
          </div>
          {subTitle ? <div className={styles.subTitle}>{subTitle}</div> : null}
          {/* Two plain tabs: antd Tabs brings its overflow menu and drop-down, a fifth of the page's code. */}
          <div role="tablist" className={styles.tabs}>
            {tabs.map((tab) => (
              <button
                key={tab.key}
                type="button"
                role="tab"
                aria-selected={mode === tab.key}
                className={mode === tab.key ? `${styles.tab} ${styles.tabActive}` : styles.tab}
                onClick={() => setMode(tab.key)}
              >
                {tab.label}
              </button>
            ))}
          </div>
          <Form<LoginValues> form={form} onFinish={onFinish} size="large">
            {mode === 'account' ? (
              <>
                <Form.Item name="username" rules={[{ required: true, message: LoginText.usernameRequired }]}>
                  <Input prefix={<UserOutlined />} autoComplete="username" placeholder={LoginText.username} />
                </Form.Item>
                <Form.Item name="password" rules={[{ required: true, message: LoginText.passwordRequired }]}>
                  <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder={LoginText.password} />
                </Form.Item>
                {captchaOn && (
                  <div className={styles.captchaRow}>
                    <Form.Item className={styles.captchaInput} name="captcha" rules={[{ required: true, message: LoginText.captchaRequired }]}>
                      <Input prefix={<SafetyOutlined />} autoComplete="off" maxLength={16} placeholder={LoginText.captcha} />
                    </Form.Item>
                    <button type="button" className={styles.captchaImage} title={LoginText.refreshCaptcha} onClick={captcha.refresh}>
                      {captcha.image ? <img src={captcha.image} alt="验证码图片" /> : <Spin size="small" spinning={captcha.loading} />}
                    </button>
                  </div>
                )}
              </>
            ) : (
              <>
                <Form.Item name="mobile" rules={[{ required: true, message: LoginText.mobileRequired }, toFormRule(phoneCheck)]}>
                  <Input prefix={<MobileOutlined />} autoComplete="tel" placeholder={LoginText.mobile} />
                </Form.Item>
                <div className={styles.captchaRow}>
                  <Form.Item className={styles.captchaInput} name="smsCode" rules={[{ required: true, message: LoginText.captchaRequired }, smsCodeRule]}>
                    <Input prefix={<SafetyOutlined />} autoComplete="one-time-code" maxLength={6} placeholder={LoginText.captcha} />
                  </Form.Item>
                  <SmsCodeButton send={sendSmsCode} />
                </div>
              </>
            )}
            <Form.Item>
              <Button type="primary" htmlType="submit" block loading={submitting}>
                {LoginText.submit}
              </Button>
            </Form.Item>
          </Form>
          {cas || wechat ? (
            <div className={styles.actions}>
              {cas ? <a href={cas}>{LoginText.cas}</a> : null}
              {wechat ? (
                <Button type="link" onClick={() => void startWechat()}>
                  {LoginText.wechat}
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      </Spin>
    </div>
  );
}
