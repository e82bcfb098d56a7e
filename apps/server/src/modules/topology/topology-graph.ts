import type { TopologyEdge } from '@agent-platform/contracts';

/**
 * Everything that depends on each node, directly or through others: walk the edges backwards from
 * it (`from` uses `to`). Each dependant once, nearest first; cycles end where a node was seen.
 */
export function dependantsOf(keys: string[], edges: TopologyEdge[]): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const edge of edges) users.set(edge.to, [...(users.get(edge.to) ?? []), edge.from]);
  return new Map(
    keys.map((key) => {
      const seen = new Set([key]);
      const queue = [key];
      const found: string[] = [];
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        for (const user of users.get(next) ?? []) {
          if (seen.has(user)) continue;
          seen.add(user);
          found.push(user);
          queue.push(user);
        }
      }
      return [key, found];
    }),
  );
}
