import { TAG_TYPE_LABELS, type SubTag, type TagType } from '@agent-platform/contracts';
import { Select, type SelectProps } from 'antd';
import { TAG_SELECT_TEXT as TEXT } from '../constants';
import { useSubTags } from '../queries';

/** A type's tags as options; children show as「父 / 子」. */
export function tagOptions(tags: SubTag[] | undefined): NonNullable<SelectProps['options']> {
  return (tags ?? []).map((tag) => ({ value: tag.name, label: tag.parent_name ? `${tag.parent_name} / ${tag.name}` : tag.name }));
}

export interface TagSelectProps extends Omit<SelectProps<string | string[]>, 'options'> {
  tagType: TagType;
}

/**
 * Picks tags defined in 标签管理: one as a list's filter, several with `mode="multiple"` in a form.
 * Names that are not tags there cannot be chosen (the server would refuse them).
 */
export function TagSelect({ tagType, ...props }: TagSelectProps) {
  const tags = useSubTags(tagType);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={tags.isPending}
      notFoundContent={TEXT.noTags(TAG_TYPE_LABELS[tagType])}
      options={tagOptions(tags.data)}
      {...props}
    />
  );
}
