import { DEFAULT_LOGO_TITLE } from '@care/shared';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { LoginFooter } from './LoginFooter';
import { LoginForms } from './LoginForms';
import { safeUrl } from './login-footer';
import styles from './LoginPage.module.css';
import { useSystemConfig } from './useSystemConfig';

/**
 * /user/login: the sign-in form framed by the configured system name, logo, background, the login image
 * beside the form (hidden on narrow screens) and the footer.
 */
export function LoginPage() {
  useDocumentTitle('登录');
  const { data: config, isPending } = useSystemConfig();
  const logo = safeUrl(config?.logoImageUrl ?? '');
  const background = safeUrl(config?.loginBackImageUrl ?? '');
  const illustration = safeUrl(config?.loginImageUrl ?? '');
  // Until the config answers, the title stays empty rather than flashing the default name.
  const title = isPending ? '' : config?.loginSystemName || DEFAULT_LOGO_TITLE;
  return (
    <div className={styles.page} style={background ? { backgroundImage: `url(${JSON.stringify(background)})` } : undefined}>
      <main className={styles.main}>
        {illustration ? <img className={styles.illustration} src={illustration} alt="登录页图片" /> : null}
        <LoginForms
          title={title}
          subTitle={config?.description || false}
          logo={logo ? <img className={styles.logo} src={logo} alt="logo" /> : undefined}
        />
      </main>
      <LoginFooter config={config} />
    </div>
  );
}
