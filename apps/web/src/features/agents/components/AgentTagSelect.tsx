import type { SubTag } from '@agent-platform/contracts';
import { Select, type SelectProps } from 'antd';
import { AGENT_FORM_TEXT } from '../constants';
import { useAgentTags } from '../queries';

/** Agent tags grouped under their first-level tag (children show as「父 / 子」). */
export function tagOptions(tags: SubTag[] | undefined): NonNullable<SelectProps['options']> {
  return (tags ?? []).map((tag) => ({ value: tag.name, label: tag.parent_name ? `${tag.parent_name} / ${tag.name}` : tag.name }));
}

/** A picker of the agent tags defined in the tag manager (one for filters, several for the builder). */
export function AgentTagSelect(props: Omit<SelectProps<string | string[]>, 'options'>) {
  const tags = useAgentTags();
  return <Select allowClear showSearch={{ optionFilterProp: 'label' }} loading={tags.isPending} notFoundContent={AGENT_FORM_TEXT.noTags} options={tagOptions(tags.data)} {...props} />;
}
