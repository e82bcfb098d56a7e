import { Flex, Input, Switch, Typography } from 'antd';
import { UI_TEXT as TEXT } from '../constants';
import type { MenuDraftEntry } from '../ui-draft';

interface MenuEntriesEditorProps {
  entries: MenuDraftEntry[];
  onChange: (key: string, change: Partial<Pick<MenuDraftEntry, 'label' | 'visible'>>) => void;
}

/** Every sidebar entry in the sidebar's order: its label and whether it shows. */
export function MenuEntriesEditor({ entries, onChange }: MenuEntriesEditorProps) {
  return (
    <Flex vertical gap={8}>
      {entries.map((entry) => (
        <Flex key={entry.key} align="center" gap={12} style={{ paddingInlineStart: entry.isGroup ? 0 : 28, marginTop: entry.isGroup ? 8 : 0 }}>
          <Switch size="small" checked={entry.visible} aria-label={TEXT.menuVisible(entry.defaultLabel)} onChange={(visible) => onChange(entry.key, { visible })} />
          <Input
            value={entry.label}
            disabled={!entry.visible}
            maxLength={32}
            status={entry.visible && !entry.label.trim() ? 'error' : undefined}
            aria-label={TEXT.menuLabel(entry.defaultLabel)}
            style={{ maxWidth: 260, fontWeight: entry.isGroup ? 600 : undefined }}
            onChange={(event) => onChange(entry.key, { label: event.target.value })}
          />
          {entry.label !== entry.defaultLabel ? <Typography.Text type="secondary">{TEXT.menuDefault(entry.defaultLabel)}</Typography.Text> : null}
        </Flex>
      ))}
    </Flex>
  );
}
