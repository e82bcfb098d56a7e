import type { TopologyKind } from '@agent-platform/contracts';
import { theme } from 'antd';

/** Each kind's colour on the graph and in its legend, from the theme (light and dark). */
export function useKindColors(): Record<TopologyKind, string> {
  const { token } = theme.useToken();
  return {
    multi_agent: token.magenta,
    agent: token.blue,
    model: token.purple,
    tool: token.cyan,
    service: token.orange,
    knowledge_base: token.green,
    data_asset: token.gold,
    datasource: token.geekblue,
  };
}
