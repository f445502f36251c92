import { useCallback, useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { AuthText, type LoginResult } from '@care/shared';
import { Button, Spin } from 'antd';
// The components themselves: antd's `Input` index also brings TextArea, Search, OTP and Group.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useNavigate, useSearchParams } from 'react-router';
import { loadShell } from '../../app/load-shell';
import { redirectTarget } from '../../app/paths';
import { completeSignIn, recoverFromPermissionFailure } from '../../lib/auth-api';
import { lazyMessage as message } from '../../lib/ui';
import { useServices } from '../../lib/useServices';
import { fieldError, fieldErrors, type LoginErrors, type LoginField, type LoginValues } from './login-fields';
import { casLink, LoginText, unseenFailure, withoutParams } from './login-flow';
import styles from './LoginPage.module.css';
import { signInCalls } from './sign-in-calls';
import { useCaptcha } from './useCaptcha';
import { useLoginOptions } from './useLoginOptions';
import { SmsCodeButton } from './SmsCodeButton';

type LoginMode = 'account' | 'phone';

const tabs: { key: LoginMode; label: string }[] = [
  { key: 'account', label: LoginText.accountTab },
  { key: 'phone', label: LoginText.phoneTab },
];

/**
 * A field with its message beneath, laid out as antd's Form.Item lays it out: 24 px below a field, the
 * one-line message taking that place when there is one.
 */
function Field({ name, error, className, children }: { name: LoginField; error: string | undefined; className?: string; children: ReactNode }) {
  return (
    <div className={[styles.field, error ? styles.fieldWithError : '', className ?? ''].filter(Boolean).join(' ')}>
      {children}
      {error ? (
        <div id={`${name}_help`} className={styles.fieldError} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

// One-time sign-in parameters (CAS ticket, WeChat code) are used once, also under StrictMode's double effects.
const usedGrants = new Set<string>();

/**
 * The sign-in form: account + password (+ captcha) or phone + SMS code, plus CAS and WeChat returns.
 * antd inputs and buttons in a plain form, neither pro-components nor antd Form (with its field store
 * and validator): the sign-in route stays small (scripts/check-web-budget.ts).
 */
export function LoginForms({ title, subTitle, logo }: { title: ReactNode; subTitle: ReactNode; logo: ReactNode }) {
  const [mode, setMode] = useState<LoginMode>('account');
  const [externalPending, setExternalPending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Values stay when the tab changes (as antd Form kept them); messages go with the fields.
  const [values, setValues] = useState<LoginValues>({});
  const [errors, setErrors] = useState<LoginErrors>({});
  const { request } = useServices();
  const calls = signInCalls(request);
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
    const calls = signInCalls(request);
    const signIn = ticket
      ? calls.casValidateLogin({ ticket, service: withoutParams(window.location.href, ['ticket']) })
      : calls.registerWxLogin({ code: grant, state: wechatState ?? '' });
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

  const fields: LoginField[] = mode === 'account' ? ['username', 'password', ...(captchaOn ? (['captcha'] as const) : [])] : ['mobile', 'smsCode'];

  /** A changed field is checked at once, as antd Form checks on change. */
  function change(field: LoginField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: fieldError(field, value) }));
  }

  /** Shows the messages of the given fields; true when they all pass. */
  function validate(names: readonly LoginField[]): boolean {
    const found = fieldErrors(names, values);
    setErrors((current) => ({ ...current, ...Object.fromEntries(names.map((name) => [name, found[name]])) }));
    return Object.keys(found).length === 0;
  }

  function switchMode(next: LoginMode) {
    setMode(next);
    setErrors({});
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !validate(fields)) return;
    void onFinish();
  }

  async function onFinish(): Promise<void> {
    // The shell downloads while the server checks the password (its chunk failing is handled on arrival).
    loadShell().catch(() => undefined);
    setSubmitting(true);
    try {
      await signIn();
    } finally {
      setSubmitting(false);
    }
  }

  async function signIn(): Promise<void> {
    let result: LoginResult;
    try {
      result =
        mode === 'account'
          ? await calls.getCodeLogin({
              username: values.username ?? '',
              password: values.password ?? '',
              ...(captchaOn ? { captcha: values.captcha ?? '', checkKey: captcha.checkKey } : {}),
            })
          : await calls.phoneLogin({ mobile: values.mobile ?? '', captcha: values.smsCode ?? '' });
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
      setValues((current) => ({ ...current, captcha: '' }));
    }
  }

  /** What antd Form.Item gave its input: large, the value, the error state and the message's id. */
  function inputProps(field: LoginField) {
    const error = errors[field];
    return {
      id: field,
      size: 'large' as const,
      value: values[field] ?? '',
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.target.value),
      status: error ? ('error' as const) : undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${field}_help` : undefined,
    };
  }

  const cas = casLink(options.data?.casLoginUrl, withoutParams(window.location.href, ['ticket']));
  const wechat = options.data?.wechat ?? false;

  /** To WeChat with a state the server bound to this browser; WeChat returns here with it. */
  async function startWechat(): Promise<void> {
    try {
      const { authorizeUrl } = await calls.wechatState();
      if (authorizeUrl) window.location.assign(authorizeUrl);
      else message.error(AuthText.wechatNotConfigured);
    } catch (error) {
      showFailure(error);
    }
  }

  async function sendSmsCode(): Promise<void> {
    if (!validate(['mobile'])) throw new Error(LoginText.mobileRequired);
    try {
      await calls.sms({ mobile: values.mobile ?? '' });
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
                onClick={() => switchMode(tab.key)}
              >
                {tab.label}
              </button>
            ))}
          </div>
          <form noValidate onSubmit={onSubmit}>
            {mode === 'account' ? (
              <>
                <Field name="username" error={errors.username}>
                  <Input {...inputProps('username')} prefix={<UserOutlined />} autoComplete="username" placeholder={LoginText.username} />
                </Field>
                <Field name="password" error={errors.password}>
                  <Password {...inputProps('password')} prefix={<LockOutlined />} autoComplete="current-password" placeholder={LoginText.password} />
                </Field>
                {captchaOn && (
                  <div className={styles.captchaRow}>
                    <Field name="captcha" error={errors.captcha} className={styles.captchaInput}>
                      <Input {...inputProps('captcha')} prefix={<SafetyOutlined />} autoComplete="off" maxLength={16} placeholder={LoginText.captcha} />
                    </Field>
                    <button type="button" className={styles.captchaImage} title={LoginText.refreshCaptcha} onClick={captcha.refresh}>
                      {captcha.image ? <img src={captcha.image} alt="验证码图片" /> : <Spin size="small" spinning={captcha.loading} />}
                    </button>
                  </div>
                )}
              </>
            ) : (
              <>
                <Field name="mobile" error={errors.mobile}>
                  <Input {...inputProps('mobile')} prefix={<MobileOutlined />} autoComplete="tel" placeholder={LoginText.mobile} />
                </Field>
                <div className={styles.captchaRow}>
                  <Field name="smsCode" error={errors.smsCode} className={styles.captchaInput}>
                    <Input {...inputProps('smsCode')} prefix={<SafetyOutlined />} autoComplete="one-time-code" maxLength={6} placeholder={LoginText.captcha} />
                  </Field>
                  <SmsCodeButton send={sendSmsCode} />
                </div>
              </>
            )}
            <div className={styles.field}>
              <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
                {LoginText.submit}
              </Button>
            </div>
          </form>
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
