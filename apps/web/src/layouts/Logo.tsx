import { Link } from 'react-router';
import { HOME_PATH } from '../app/paths';
import { useImageSource } from '../components/image/StoredImage';
import { DEFAULT_LOGO, useBrand } from './useBrand';

interface LogoProps {
  collapsed?: boolean;
  theme: 'dark' | 'light';
  minWidth?: number;
}

/** Logo and system title, linking to the dashboard (spec §2). */
export function Logo({ collapsed = false, theme, minWidth }: LogoProps) {
  const { title, logo } = useBrand();
  const image = useImageSource(logo || DEFAULT_LOGO);
  return (
    <Link
      to={HOME_PATH}
      className="shell-logo"
      title={title}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: collapsed ? 'center' : 'flex-start',
        gap: 10,
        height: '100%',
        padding: collapsed ? 0 : '0 20px',
        minWidth,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        color: theme === 'dark' ? '#fff' : 'rgba(0,0,0,.88)',
        fontSize: 18,
        fontWeight: 600,
      }}
    >
      <img src={image.previewable ? image.src : DEFAULT_LOGO} onError={image.onError} alt="" style={{ height: 32, width: 32, objectFit: 'contain', flex: 'none' }} />
      {!collapsed && <span className="shell-logo-title">{title}</span>}
    </Link>
  );
}
