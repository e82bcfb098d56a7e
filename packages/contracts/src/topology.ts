/** The kinds of things `/topology/query_all` draws. */
export const TOPOLOGY_KINDS = ['multi_agent', 'agent', 'model', 'tool', 'service', 'knowledge_base', 'data_asset', 'datasource'] as const;
export type TopologyKind = (typeof TOPOLOGY_KINDS)[number];

/** One thing. `key` is `kind:id` (a model's: `model:` and its lower-case name, as what uses it names it). */
export interface TopologyNode {
  key: string;
  kind: TopologyKind;
  id: string;
  name: string;
  owner_id: string | null;
  /** The owner's nickname (or user name), for filtering by owner. */
  owner_name: string | null;
  is_public: boolean;
  tags: string[];
  /** The keys of everything that stops working without it: its users, their users, and so on. */
  dependants: string[];
}

/** `from` uses `to`; `blocks_delete`: `to` may not be deleted while `from` uses it. */
export interface TopologyEdge {
  from: string;
  to: string;
  blocks_delete: boolean;
}

/** `POST /topology/query_all`: administrators get every thing; anyone else what they may see (their own and public ones). */
export interface Topology {
  nodes: TopologyNode[];
  edges: TopologyEdge[];
}
