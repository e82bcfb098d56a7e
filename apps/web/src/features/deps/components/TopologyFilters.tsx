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

/** Kind, owner and tag choosers, their options taken from the graph itself. */
export function TopologyFilters({ nodes, filter, onChange }: { nodes: TopologyNode[]; filter: TopologyFilter; onChange(filter: TopologyFilter): void }) {
  const owners = new Map(nodes.map((node) => [node.owner_id ?? '', node.owner_name ?? TEXT.noOwner]));
  const tags = [...new Set(nodes.flatMap((node) => node.tags))].sort((a, b) => a.localeCompare(b, 'zh-CN'));
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
      <Select<string>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={TEXT.anyOwner}
        aria-label={TEXT.owner}
        style={{ width: 160 }}
        options={[...owners].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'))}
        value={filter.owner}
        onChange={(owner) => onChange({ ...filter, owner })}
      />
      <Select<string>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={TEXT.anyTag}
        aria-label={TEXT.tag}
        style={{ width: 160 }}
        options={tags.map((tag) => ({ value: tag, label: tag }))}
        value={filter.tag}
        onChange={(tag) => onChange({ ...filter, tag })}
      />
    </>
  );
}
