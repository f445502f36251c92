import type { ReactNode } from 'react';
import { CheckOutlined } from '@ant-design/icons';
import { App, ColorPicker, Divider, Drawer, Radio, Select, Switch, theme, Tooltip } from 'antd';
import { DEFAULT_PRIMARY_COLOR, isHexColor, THEME_UPDATE_FAILED, useSettingsStore, type Settings } from '../lib/settings-store';

export const SettingText = {
  title: '系统设置',
  style: '整体风格设置',
  dark: '暗色菜单风格',
  light: '亮色菜单风格',
  primaryColor: '主题色',
  layout: '导航模式',
  sidemenu: '侧边栏导航',
  topmenu: '顶部栏导航',
  contentWidth: '内容区域宽度',
  fixed: '固定',
  fluid: '流式',
  fluidHint: '该设定仅 [顶部栏导航] 时有效',
  fixedHeader: '固定 Header',
  autoHideHeader: '下滑时隐藏 Header',
  autoHideHint: '固定 Header 时可配置',
  fixSiderbar: '固定侧边菜单',
  fixSiderbarHint: '侧边栏导航时可配置',
  other: '其他设置',
  colorWeak: '色弱模式',
  multiTab: '多页签模式',
} as const;

/** Preset primary colours: the default first, then antd's named palette. */
export const COLOR_PRESETS: readonly { name: string; color: string }[] = [
  { name: '默认', color: DEFAULT_PRIMARY_COLOR },
  { name: '拂晓蓝', color: '#1890ff' },
  { name: '薄暮', color: '#f5222d' },
  { name: '火山', color: '#fa541c' },
  { name: '日暮', color: '#faad14' },
  { name: '明青', color: '#13c2c2' },
  { name: '极光绿', color: '#52c41a' },
  { name: '极客蓝', color: '#2f54eb' },
  { name: '酱紫', color: '#722ed1' },
];

function Row({ label, hint, children }: { label: string; hint?: string | false; children: ReactNode }) {
  const row = (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '10px 0' }}>
      <span>{label}</span>
      {children}
    </div>
  );
  return hint ? (
    <Tooltip title={hint} placement="left">
      {row}
    </Tooltip>
  ) : (
    row
  );
}

/** Spec §4 settings drawer; every change goes through the store's dependency rules and is persisted. */
export function SettingDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const settings = useSettingsStore();
  const update = (patch: Partial<Settings>) => settings.update(patch);

  const applyColor = (color: string) => {
    try {
      if (!isHexColor(color)) throw new Error(`not a colour: ${color}`);
      // Derives the whole palette; a colour the theme cannot use fails here rather than in the page.
      theme.getDesignToken({ token: { colorPrimary: color } });
      update({ primaryColor: color });
    } catch {
      void message.error(THEME_UPDATE_FAILED);
    }
  };

  const topMenu = settings.layout === 'topmenu';
  return (
    <Drawer open={open} onClose={onClose} title={SettingText.title} width={300} className="shell-setting-drawer">
      <h4>{SettingText.style}</h4>
      <Radio.Group value={settings.theme} onChange={(e) => update({ theme: e.target.value as Settings['theme'] })}>
        <Radio.Button value="dark">{SettingText.dark}</Radio.Button>
        <Radio.Button value="light">{SettingText.light}</Radio.Button>
      </Radio.Group>

      <Divider />
      <h4>{SettingText.primaryColor}</h4>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        {COLOR_PRESETS.map(({ name, color }) => (
          <Tooltip key={color} title={name}>
            <button
              type="button"
              aria-label={name}
              data-color={color}
              onClick={() => applyColor(color)}
              style={{ width: 22, height: 22, border: 0, borderRadius: 3, background: color, color: '#fff', cursor: 'pointer', padding: 0 }}
            >
              {settings.primaryColor.toLowerCase() === color && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
        <ColorPicker size="small" value={settings.primaryColor} disabledAlpha onChangeComplete={(c) => applyColor(c.toHexString())} />
      </div>

      <Divider />
      <h4>{SettingText.layout}</h4>
      <Radio.Group value={settings.layout} onChange={(e) => update({ layout: e.target.value as Settings['layout'] })}>
        <Radio.Button value="sidemenu">{SettingText.sidemenu}</Radio.Button>
        <Radio.Button value="topmenu">{SettingText.topmenu}</Radio.Button>
      </Radio.Group>
      <Row label={SettingText.contentWidth} hint={!topMenu && SettingText.fluidHint}>
        <Select
          size="small"
          style={{ width: 80 }}
          value={settings.contentWidth}
          onChange={(value: Settings['contentWidth']) => update({ contentWidth: value })}
          options={[
            { value: 'Fixed', label: SettingText.fixed },
            { value: 'Fluid', label: SettingText.fluid, disabled: !topMenu },
          ]}
        />
      </Row>
      <Row label={SettingText.fixedHeader}>
        <Switch size="small" aria-label={SettingText.fixedHeader} checked={settings.fixedHeader} onChange={(v) => update({ fixedHeader: v })} />
      </Row>
      <Row label={SettingText.autoHideHeader} hint={!settings.fixedHeader && SettingText.autoHideHint}>
        <Switch
          size="small"
          aria-label={SettingText.autoHideHeader}
          disabled={!settings.fixedHeader}
          checked={settings.autoHideHeader}
          onChange={(v) => update({ autoHideHeader: v })}
        />
      </Row>
      <Row label={SettingText.fixSiderbar} hint={topMenu && SettingText.fixSiderbarHint}>
        <Switch size="small" aria-label={SettingText.fixSiderbar} disabled={topMenu} checked={settings.fixSiderbar} onChange={(v) => update({ fixSiderbar: v })} />
      </Row>

      <Divider />
      <h4>{SettingText.other}</h4>
      <Row label={SettingText.colorWeak}>
        <Switch size="small" aria-label={SettingText.colorWeak} checked={settings.colorWeak} onChange={(v) => update({ colorWeak: v })} />
      </Row>
      <Row label={SettingText.multiTab}>
        <Switch size="small" aria-label={SettingText.multiTab} checked={settings.multiTab} onChange={(v) => update({ multiTab: v })} />
      </Row>
    </Drawer>
  );
}
