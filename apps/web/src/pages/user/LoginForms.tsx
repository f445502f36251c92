import { useState } from 'react';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormText } from '@ant-design/pro-components';
import { phoneCheck, toFormRule } from '@care/shared';
import { App, Tabs } from 'antd';
import type { ReactNode } from 'react';
import styles from './LoginPage.module.css';

type LoginMode = 'account' | 'phone';

const tabs = [
  { key: 'account', label: '账号密码登录' },
  { key: 'phone', label: '手机号登录' },
];

/** Shown after the form validates: the sign-in call itself is not built yet. */
export const LOGIN_UNAVAILABLE = '登录功能尚未开放';

export function LoginForms({ title, subTitle, logo }: { title: ReactNode; subTitle: ReactNode; logo: ReactNode }) {
  const [mode, setMode] = useState<LoginMode>('account');
  const { message } = App.useApp();
  return (
    <div className={styles.card}>
      <LoginForm
        title={title}
        subTitle={subTitle}
        logo={logo}
        submitter={{ searchConfig: { submitText: '登录' } }}
        onFinish={async () => {
          message.info(LOGIN_UNAVAILABLE);
        }}
      >
        <Tabs centered activeKey={mode} onChange={(key) => setMode(key as LoginMode)} items={tabs} />
        {mode === 'account' ? (
          <>
            <ProFormText
              name="username"
              fieldProps={{ size: 'large', prefix: <UserOutlined />, autoComplete: 'username' }}
              placeholder="账号"
              rules={[{ required: true, message: '请输入账号!' }]}
            />
            <ProFormText.Password
              name="password"
              fieldProps={{ size: 'large', prefix: <LockOutlined />, autoComplete: 'current-password' }}
              placeholder="密码"
              rules={[{ required: true, message: '请输入密码!' }]}
            />
            <ProFormText
              name="captcha"
              fieldProps={{ size: 'large', prefix: <SafetyOutlined /> }}
              placeholder="验证码"
              rules={[{ required: true, message: '请输入验证码!' }]}
            />
          </>
        ) : (
          <>
            <ProFormText
              name="mobile"
              fieldProps={{ size: 'large', prefix: <MobileOutlined />, autoComplete: 'tel' }}
              placeholder="手机号"
              rules={[{ required: true, message: '请输入手机号!' }, toFormRule(phoneCheck)]}
            />
            <ProFormText
              name="smsCode"
              fieldProps={{ size: 'large', prefix: <SafetyOutlined /> }}
              placeholder="验证码"
              rules={[{ required: true, message: '请输入验证码!' }]}
            />
          </>
        )}
      </LoginForm>
    </div>
  );
}
