import { Drawer } from 'antd';
import { Logo } from './Logo';
import { NavMenu } from './menu/NavMenu';
import type { Nav } from './useNav';
import { HEADER_HEIGHT, SIDER_WIDTH } from './sizes';

const DARK_BACKGROUND = '#001529';

/** The menu as a drawer below 768 px (spec §4); loaded when first opened, so the shell carries no Drawer. */
export function MenuDrawer(props: { open: boolean; onClose: () => void; theme: 'dark' | 'light'; nodes: Nav['visible']; chain: Nav['chain'] }) {
  return (
    <Drawer
      className="shell-menu-drawer"
      placement="left"
      width={SIDER_WIDTH}
      closable={false}
      open={props.open}
      onClose={props.onClose}
      styles={{ body: { padding: 0, background: props.theme === 'dark' ? DARK_BACKGROUND : '#fff' } }}
    >
      <div style={{ height: HEADER_HEIGHT }}>
        <Logo theme={props.theme} />
      </div>
      <NavMenu nodes={props.nodes} chain={props.chain} mode="inline" theme={props.theme} onNavigate={props.onClose} />
    </Drawer>
  );
}

export default MenuDrawer;
