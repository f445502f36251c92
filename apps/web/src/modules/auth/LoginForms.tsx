import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormCaptcha, ProFormText } from '@ant-design/pro-components';
import { AuthText, authContract, phoneCheck, toFormRule, type LoginResult } from '@care/shared';
import { App, Form, Spin, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { redirectTarget } from '../../app/paths';
import { completeSignIn, recoverFromPermissionFailure } from '../../lib/auth-api';
import { useServices } from '../../lib/useServices';
import { casLink, LoginText, unseenFailure, withoutParams } from './login-flow';
import styles from './LoginPage.module.css';
import { useCaptcha } from './useCaptcha';
import { useLoginOptions } from './useLoginOptions';

type LoginMode = 'account' | 'phone';

interface LoginValues {
  username?: string;
  password?: string;
  captcha?: string;
  mobile?: string;
  smsCode?: string;
}

const tabs = [
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

/** The sign-in form: account + password (+ captcha) or phone + SMS code, plus CAS and WeChat returns. */
export function LoginForms({ title, subTitle, logo }: { title: ReactNode; subTitle: ReactNode; logo: ReactNode }) {
  const [mode, setMode] = useState<LoginMode>('account');
  const [externalPending, setExternalPending] = useState(false);
  const [form] = Form.useForm<LoginValues>();
  const { message } = App.useApp();
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
    [message],
  );

  // Back from CAS (?ticket=) or WeChat (?code=&state=wechat): exchange the grant for a session.
  const ticket = params.get('ticket');
  const wechatCode = params.get('state') === 'wechat' ? params.get('code') : null;
  useEffect(() => {
    const grant = ticket ?? wechatCode;
    if (!grant || usedGrants.has(grant)) return;
    usedGrants.add(grant);
    const signIn = ticket
      ? request.call(authContract.casValidateLogin, { ticket, service: withoutParams(window.location.href, ['ticket']) })
      : request.call(authContract.registerWxLogin, { code: grant });
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
  }, [ticket, wechatCode, request, finishSignIn, showFailure, navigate]);

  async function onFinish(values: LoginValues): Promise<void> {
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

  return (
    <div className={styles.card}>
      <Spin spinning={externalPending} tip={LoginText.signingIn}>
        <LoginForm<LoginValues>
          form={form}
          title={title}
          subTitle={subTitle}
          logo={logo}
          submitter={{ searchConfig: { submitText: LoginText.submit } }}
          onFinish={onFinish}
          actions={
            cas ? (
              <div className={styles.actions}>
                <a href={cas}>{LoginText.cas}</a>
              </div>
            ) : undefined
          }
        >
          <Tabs centered activeKey={mode} onChange={(key) => setMode(key as LoginMode)} items={tabs} />
          {mode === 'account' ? (
            <>
              <ProFormText
                name="username"
                fieldProps={{ size: 'large', prefix: <UserOutlined />, autoComplete: 'username' }}
                placeholder={LoginText.username}
                rules={[{ required: true, message: LoginText.usernameRequired }]}
              />
              <ProFormText.Password
                name="password"
                fieldProps={{ size: 'large', prefix: <LockOutlined />, autoComplete: 'current-password' }}
                placeholder={LoginText.password}
                rules={[{ required: true, message: LoginText.passwordRequired }]}
              />
              {captchaOn && (
                <div className={styles.captchaRow}>
                  <div className={styles.captchaInput}>
                    <ProFormText
                      name="captcha"
                      fieldProps={{ size: 'large', prefix: <SafetyOutlined />, autoComplete: 'off', maxLength: 16 }}
                      placeholder={LoginText.captcha}
                      rules={[{ required: true, message: LoginText.captchaRequired }]}
                    />
                  </div>
                  <button type="button" className={styles.captchaImage} title={LoginText.refreshCaptcha} onClick={captcha.refresh}>
                    {captcha.image ? <img src={captcha.image} alt="验证码图片" /> : <Spin size="small" spinning={captcha.loading} />}
                  </button>
                </div>
              )}
            </>
          ) : (
            <>
              <ProFormText
                name="mobile"
                fieldProps={{ size: 'large', prefix: <MobileOutlined />, autoComplete: 'tel' }}
                placeholder={LoginText.mobile}
                rules={[{ required: true, message: LoginText.mobileRequired }, toFormRule(phoneCheck)]}
              />
              <ProFormCaptcha
                name="smsCode"
                phoneName="mobile"
                countDown={60}
                fieldProps={{ size: 'large', prefix: <SafetyOutlined />, autoComplete: 'one-time-code', maxLength: 6 }}
                captchaProps={{ size: 'large' }}
                placeholder={LoginText.captcha}
                rules={[{ required: true, message: LoginText.captchaRequired }, smsCodeRule]}
                onGetCaptcha={async (mobile) => {
                  try {
                    await request.call(authContract.sms, { mobile });
                  } catch (error) {
                    showFailure(error);
                    // Rejecting keeps the button usable: no countdown for a code that was not sent.
                    throw error;
                  }
                  message.success(AuthText.smsSent);
                }}
              />
            </>
          )}
        </LoginForm>
      </Spin>
    </div>
  );
}
