import type { SystemConfig } from '@care/shared';
import { footerLinks } from './login-footer';
import styles from './LoginPage.module.css';

export function LoginFooter({ config }: { config: SystemConfig | undefined }) {
  if (!config) return null;
  const links = footerLinks(config);
  return (
    <footer className={styles.footer}>
      {links.length > 0 && (
        <div className={styles.links}>
          {links.map((link) => (
            <a key={link.name + link.url} href={link.url} target="_blank" rel="noopener noreferrer">
              {link.name}
            </a>
          ))}
        </div>
      )}
      {config.copyrightDesc && <div>{config.copyrightDesc}</div>}
    </footer>
  );
}
