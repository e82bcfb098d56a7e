import type { Topology, TopologyEdge, TopologyKind } from '@agent-platform/contracts';
import { canSee, type ReferenceRegistry, type ThingKind, type Viewer } from '../../core/index.js';
import { dependantsOf } from './topology-graph.js';

const nodeKey = (kind: ThingKind, key: string) => `${kind}:${key}`;

export type TopologyService = ReturnType<typeof createTopologyService>;

/**
 * The platform as a graph, from the one reference registry: the things the modules list and the
 * references between them. A viewer gets only what they may see, and only the edges between those:
 * a private thing of someone else is neither a node nor counted among anyone's dependants.
 */
export function createTopologyService({ references }: { references: Pick<ReferenceRegistry<never>, 'things' | 'edges'> }) {
  return {
    async queryAll(viewer: Viewer): Promise<Topology> {
      const [things, links] = await Promise.all([references.things(), references.edges()]);
      const visible = new Map(things.filter((thing) => canSee(viewer, thing)).map((thing) => [nodeKey(thing.kind, thing.key), thing]));
      const edges = new Map<string, TopologyEdge>();
      for (const reference of links) {
        const from = nodeKey(reference.from.kind, reference.from.id);
        const to = nodeKey(reference.toKind, reference.to);
        if (!visible.has(from) || !visible.has(to)) continue;
        const id = `${from}>${to}`;
        // One edge per pair: an agent that uses a knowledge base both directly and for retrieval blocks its deletion once.
        edges.set(id, { from, to, blocks_delete: reference.blocksDelete || (edges.get(id)?.blocks_delete ?? false) });
      }
      const dependants = dependantsOf([...visible.keys()], [...edges.values()]);
      const nodes = [...visible].map(([key, thing]) => ({
        key,
        kind: thing.kind as TopologyKind,
        id: thing.id,
        name: thing.name,
        owner_id: thing.ownerId,
        owner_name: thing.ownerName,
        is_public: thing.isPublic,
        tags: thing.tags,
        dependants: dependants.get(key) ?? [],
      }));
      return { nodes, edges: [...edges.values()] };
    },
  };
}
