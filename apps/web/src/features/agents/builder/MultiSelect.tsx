import { Select, type SelectProps } from 'antd';

interface MultiSelectProps extends Omit<SelectProps<string[]>, 'mode' | 'notFoundContent' | 'aria-label'> {
  /** The accessible name. */
  label: string;
  /** What the dropdown says when there is nothing to choose. */
  empty: string;
}

/** The builder's pickers of several things (tools, services, knowledge bases): searchable by label, clearable. */
export function MultiSelect({ label, empty, ...props }: MultiSelectProps) {
  return <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} aria-label={label} notFoundContent={empty} {...props} />;
}
