import { TOPOLOGY_KINDS, type TopologyNode } from '@agent-platform/contracts';
import { Alert, Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { TOPOLOGY_KIND_LABELS, TOPOLOGY_TEXT as TEXT } from '../constants';
import { impactSentence } from '../impact';

interface ImpactPanelProps {
  node: TopologyNode | undefined;
  /** Everything that depends on it (visible to the viewer), whether the filter shows it or not. */
  dependants: TopologyNode[];
  hidden: number;
  brokenReason: string | undefined;
  onClear(): void;
}

/** What the selected thing takes down with it: the sentence, then the dependants by kind. */
export function ImpactPanel({ node, dependants, hidden, brokenReason, onClear }: ImpactPanelProps) {
  if (!node) {
    return (
      <Card size="small">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.hint} />
      </Card>
    );
  }
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <Tag>{TOPOLOGY_KIND_LABELS[node.kind]}</Tag>
          <Typography.Text ellipsis>{node.name}</Typography.Text>
        </Flex>
      }
      extra={
        <Button size="small" type="link" onClick={onClear}>
          {TEXT.clear}
        </Button>
      }
      data-testid="topology-impact"
    >
      <Flex vertical gap={12}>
        {brokenReason ? <Alert type="error" showIcon title={TEXT.broken} description={brokenReason} /> : null}
        <Alert type={dependants.length > 0 ? 'warning' : 'info'} showIcon title={impactSentence(node, dependants)} data-testid="topology-impact-sentence" />
        {hidden > 0 ? <Typography.Text type="secondary">{TEXT.hiddenByFilter(hidden)}</Typography.Text> : null}
        {TOPOLOGY_KINDS.map((kind) => {
          const ofKind = dependants.filter((dependant) => dependant.kind === kind);
          if (ofKind.length === 0) return null;
          return (
            <div key={kind}>
              <Typography.Text type="secondary">{TOPOLOGY_KIND_LABELS[kind]}</Typography.Text>
              <Flex wrap gap={4} style={{ marginTop: 4 }}>
                {ofKind.map((dependant) => (
                  <Tag key={dependant.key} color="processing">
                    {dependant.name}
                  </Tag>
                ))}
              </Flex>
            </div>
          );
        })}
      </Flex>
    </Card>
  );
}
