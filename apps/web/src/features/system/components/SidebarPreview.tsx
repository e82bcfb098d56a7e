import type { UiPropertyEntry } from '@agent-platform/contracts';
import { Flex, Menu, Typography } from 'antd';
import { BrandLogo } from '../../../components/BrandLogo';
import { deriveUiSettings } from '../../ui-settings';
import { UI_TEXT as TEXT } from '../constants';

/** The sidebar as the draft would draw it (every group open), built the way the real one is. */
export function SidebarPreview({ entries }: { entries: UiPropertyEntry[] }) {
  const { appName, logo, menu } = deriveUiSettings(entries);
  return (
    <section aria-label={TEXT.previewLabel} style={{ border: '1px solid var(--ant-color-border-secondary)', borderRadius: 8, width: 240, overflow: 'hidden' }}>
      <Flex align="center" gap={10} style={{ padding: '14px 16px' }}>
        <BrandLogo src={logo} size={30} alt={appName} />
        <Typography.Text strong ellipsis>
          {appName}
        </Typography.Text>
      </Flex>
      <Menu
        mode="inline"
        selectable={false}
        openKeys={menu.map((group) => group.key)}
        items={menu.map((group) => ({ key: group.key, label: group.label, children: group.children.map((item) => ({ key: item.path, label: item.label })) }))}
        style={{ borderInlineEnd: 'none' }}
      />
    </section>
  );
}
