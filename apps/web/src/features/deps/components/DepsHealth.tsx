import { DEP_KIND_LABELS, DEP_KINDS, DEP_STATUS_LABELS, type DepsReport, type DepStatus } from '@agent-platform/contracts';
import { Alert, Card, Flex, Tag } from 'antd';
import { DEP_STATUS_COLORS, DEPS_TEXT as TEXT } from '../constants';
import { DepsTable } from './DepsTable';

const count = (report: DepsReport, status: DepStatus) => report.items.filter((item) => item.status === status).length;

/** Every dependency grouped by kind, each group saying how many of its members are not up. */
export function DepsHealth({ report }: { report: DepsReport }) {
  const down = count(report, 'down');
  const degraded = count(report, 'degraded');
  const groups = DEP_KINDS.map((kind) => ({ kind, items: report.items.filter((item) => item.kind === kind) })).filter((group) => group.items.length > 0);
  return (
    <Flex vertical gap={16}>
      <Alert
        type={down > 0 ? 'error' : degraded > 0 ? 'warning' : 'success'}
        showIcon
        title={down + degraded > 0 ? TEXT.problems(down, degraded) : TEXT.allUp}
        description={TEXT.cachedNote}
        data-testid="deps-summary"
      />
      {groups.map((group) => (
        <Card
          key={group.kind}
          size="small"
          title={DEP_KIND_LABELS[group.kind]}
          data-testid={`deps-group-${group.kind}`}
          extra={
            <Flex gap={4}>
              {(['down', 'degraded'] as const).map((status) => {
                const n = group.items.filter((item) => item.status === status).length;
                return n > 0 ? <Tag key={status} color={DEP_STATUS_COLORS[status]}>{`${DEP_STATUS_LABELS[status]} ${n}`}</Tag> : null;
              })}
            </Flex>
          }
        >
          <DepsTable items={group.items} />
        </Card>
      ))}
    </Flex>
  );
}
