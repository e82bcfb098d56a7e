import { TOPOLOGY_KINDS, type TopologyKind, type TopologyNode } from '@agent-platform/contracts';
import { Select } from 'antd';
import { TOPOLOGY_KIND_LABELS, TOPOLOGY_TEXT as TEXT } from '../constants';

export interface TopologyFilter {
  kinds: TopologyKind[];
  /** An owner's id, or `''` for things without one. */
  owner?: string;
  tag?: string;
}

/** Whether a node passes the filter: any of the kinds (none chosen: all), the owner, the tag. */
export const passes = (node: TopologyNode, filter: TopologyFilter) =>
  (filter.kinds.length === 0 || filter.kinds.includes(node.kind)) &&
  (filter.owner === undefined || (node.owner_id ?? '') === filter.owner) &&
  (filter.tag === undefined || node.tags.includes(filter.tag));

const KIND_OPTIONS = TOPOLOGY_KINDS.map((kind) => ({ value: kind, label: TOPOLOGY_KIND_LABELS[kind] }));

interface OneOfProps {
  label: string;
  placeholder: string;
  options: Array<{ value: string; label: string }>;
  value: string | undefined;
  onChange(value: string | undefined): void;
}

/** A searchable single choice that may be cleared, its options in Chinese order. */
function OneOf({ label, placeholder, options, value, onChange }: OneOfProps) {
  return (
    <Select<string>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      aria-label={label}
      style={{ width: 160 }}
      options={[...options].sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'))}
      value={value}
      onChange={onChange}
    />
  );
}

/** Kind, owner and tag choosers, their options taken from the graph itself. */
export function TopologyFilters({ nodes, filter, onChange }: { nodes: TopologyNode[]; filter: TopologyFilter; onChange(filter: TopologyFilter): void }) {
  const owners = new Map(nodes.map((node) => [node.owner_id ?? '', node.owner_name ?? TEXT.noOwner]));
  const tags = [...new Set(nodes.flatMap((node) => node.tags))];
  return (
    <>
      <Select<TopologyKind[]>
        mode="multiple"
        allowClear
        placeholder={TEXT.allKinds}
        aria-label={TEXT.kinds}
        style={{ minWidth: 200 }}
        options={KIND_OPTIONS}
        value={filter.kinds}
        onChange={(kinds) => onChange({ ...filter, kinds })}
        data-testid="topology-kind-filter"
      />
      <OneOf
        label={TEXT.owner}
        placeholder={TEXT.anyOwner}
        options={[...owners].map(([value, label]) => ({ value, label }))}
        value={filter.owner}
        onChange={(owner) => onChange({ ...filter, owner })}
      />
      <OneOf label={TEXT.tag} placeholder={TEXT.anyTag} options={tags.map((tag) => ({ value: tag, label: tag }))} value={filter.tag} onChange={(tag) => onChange({ ...filter, tag })} />
    </>
  );
}
