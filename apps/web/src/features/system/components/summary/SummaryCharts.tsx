import type { UsageSummary } from '@agent-platform/contracts';
import { Column, Line } from '@ant-design/charts';
import { Card, Col, Row } from 'antd';
import { usePreferenceStore } from '../../../../stores/preference';
import { SUMMARY_TEXT as TEXT } from '../../constants';

const HEIGHT = 280;

/** Messages per day and tokens per model per day (stacked); the charts follow the page's theme. */
export function SummaryCharts({ summary }: { summary: UsageSummary }) {
  const theme = usePreferenceStore((state) => (state.theme === 'dark' ? 'classicDark' : 'classic'));
  const tokens = summary.tokens_per_day.map((row) => ({ day: row.day, model: row.model, tokens: row.total_tokens }));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={TEXT.messagesChart} size="small" data-testid="summary-messages-chart">
          <Line key={theme} theme={theme} height={HEIGHT} data={summary.messages_per_day} xField="day" yField="messages" axis={{ x: { labelAutoHide: true }, y: { title: TEXT.messages } }} />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={TEXT.tokensChart} size="small" data-testid="summary-tokens-chart">
          <Column
            key={theme}
            theme={theme}
            height={HEIGHT}
            data={tokens}
            xField="day"
            yField="tokens"
            colorField="model"
            stack
            axis={{ x: { labelAutoHide: true }, y: { title: TEXT.totalTokens } }}
          />
        </Card>
      </Col>
    </Row>
  );
}
