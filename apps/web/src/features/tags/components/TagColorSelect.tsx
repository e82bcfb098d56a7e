import { TAG_COLOR_LABELS, TAG_COLORS, type TagColor } from '@agent-platform/contracts';
import { Select, Tag } from 'antd';
import { TAG_FORM_TEXT as TEXT } from '../constants';

const OPTIONS = TAG_COLORS.map((color) => ({
  value: color,
  label: (
    <Tag color={color} style={{ marginInlineEnd: 0 }}>
      {TAG_COLOR_LABELS[color]}
    </Tag>
  ),
}));

interface TagColorSelectProps {
  value?: TagColor | null;
  onChange?: (value: TagColor | null) => void;
}

/** One of antd's preset colours (they follow the theme), or none. */
export function TagColorSelect({ value, onChange }: TagColorSelectProps) {
  return (
    <Select<TagColor | null>
      allowClear
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={OPTIONS}
      placeholder={TEXT.colorPlaceholder}
      aria-label={TEXT.color}
      style={{ width: 200 }}
    />
  );
}
