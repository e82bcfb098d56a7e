import { daysInPeriod, SUMMARY_MAX_DAYS, type UsageSummary } from '@agent-platform/contracts';
import { Alert, Card, Col, DatePicker, Empty, Flex, Row, Skeleton, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { AdminOnly } from '../../../components/AdminOnly';
import { PageHeader } from '../../../components/PageHeader';
import { formatBytes } from '../../../lib/format';
import { useSessionUser } from '../../auth';
import { SummaryCharts } from '../components/summary/SummaryCharts';
import { SummaryTable } from '../components/summary/SummaryTable';
import { SUMMARY_TEXT as TEXT, SYSTEM_TITLES } from '../constants';
import { useUsageSummary } from '../queries';
import { hasActivity, summaryTables } from '../summary-tables';

const DAY = 'YYYY-MM-DD';
/** Days are UTC days, as the server counts them. */
const todayUtc = () => dayjs(new Date().toISOString().slice(0, 10));
const lastDays = (days: number): [Dayjs, Dayjs] => [todayUtc().subtract(days - 1, 'day'), todayUtc()];
const PRESETS = [7, 30, 90].map((days) => ({ label: TEXT.presets[days], value: lastDays(days) }));

function Figures({ summary }: { summary: UsageSummary }) {
  const figures: Array<[string, string | number]> = [
    [TEXT.totalUsers, summary.users.total],
    [TEXT.newUsers, summary.users.new],
    [TEXT.activeUsers, summary.users.active],
    [TEXT.runs, summary.runs.total],
    [TEXT.failedRuns, summary.runs.failed],
    [TEXT.knowledgeBases, summary.knowledge.knowledge_bases],
    [TEXT.documents, summary.knowledge.documents],
    [TEXT.documentBytes, formatBytes(summary.knowledge.document_bytes)],
    [TEXT.fileBytes, formatBytes(summary.knowledge.file_bytes)],
  ];
  return (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))' }}>
      {figures.map(([title, value]) => (
        <Card key={title} size="small">
          <Statistic title={title} value={value} />
        </Card>
      ))}
    </div>
  );
}

function Dashboard({ summary }: { summary: UsageSummary }) {
  const tables = summaryTables(summary);
  const period = `${summary.start_date}_${summary.end_date}`;
  return (
    <Flex vertical gap={16}>
      <Figures summary={summary} />
      {hasActivity(summary) ? (
        <>
          <SummaryCharts summary={summary} />
          <Row gutter={[16, 16]}>
            {[
              <SummaryTable key="users" spec={tables.topUsers} period={period} />,
              <SummaryTable key="agents" spec={tables.topAgents} period={period} />,
              <SummaryTable key="subjects" spec={tables.subjects} period={period} />,
              <SummaryTable key="failures" spec={tables.failures} period={period} />,
              <SummaryTable key="messages" spec={tables.messages} period={period} />,
              <SummaryTable key="tokens" spec={tables.tokens} period={period} />,
            ].map((table) => (
              <Col key={table.key} xs={24} xl={12}>
                {table}
              </Col>
            ))}
          </Row>
        </>
      ) : (
        <Card>
          <Empty description={TEXT.empty}>{TEXT.emptyHint}</Empty>
        </Card>
      )}
    </Flex>
  );
}

/** Administrators: who used what and how much in a period, with each table exported as CSV. */
export default function SystemSummaryPage() {
  const user = useSessionUser();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => lastDays(30));
  const summary = useUsageSummary({ start_date: range[0].format(DAY), end_date: range[1].format(DAY) });
  return (
    <AdminOnly isAdmin={user.role === 'admin'}>
      <PageHeader
        title={SYSTEM_TITLES.summary}
        description={TEXT.description}
        extra={
          <DatePicker.RangePicker
            allowClear={false}
            value={range}
            presets={PRESETS}
            disabledDate={(day, { from }) => day.isAfter(todayUtc()) || (from !== undefined && Math.abs(daysInPeriod(from.format(DAY), day.format(DAY))) > SUMMARY_MAX_DAYS)}
            onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
          />
        }
      />
      {summary.error ? <Alert type="error" showIcon message={summary.error.message} /> : null}
      {summary.data ? <Dashboard summary={summary.data} /> : summary.isLoading ? <Skeleton active paragraph={{ rows: 8 }} data-testid="summary-loading" /> : null}
    </AdminOnly>
  );
}
