import type { PlanStep, PlanStepStatus } from '@agent-platform/contracts';
import { CheckCircleFilled, ClockCircleOutlined, LoadingOutlined, OrderedListOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ToolStepView } from './agent-messages';
import styles from './AgentChat.module.css';
import { PLAN_TEXT as TEXT } from './constants';

const ICONS: Record<PlanStepStatus, ReactNode> = {
  pending: <ClockCircleOutlined className={styles.planPending} />,
  running: <LoadingOutlined className={styles.planRunning} />,
  done: <CheckCircleFilled className={styles.planDone} />,
};
const COLORS: Record<PlanStepStatus, string> = { pending: 'default', running: 'processing', done: 'success' };

interface PlanCardProps {
  plan: PlanStep[];
  steps: ToolStepView[];
  /** The decision buttons while the run waits for the plan to be confirmed. */
  decision?: ReactNode;
  /** The tool steps made while executing plan step `index`. */
  renderSteps: (index: number) => ReactNode;
}

/** Plan chat's plan: numbered steps with where execution stands and how many tools each used. */
export function PlanCard({ plan, steps, decision, renderSteps }: PlanCardProps) {
  const done = plan.filter((step) => step.status === 'done').length;
  return (
    <section className={styles.plan} aria-label={TEXT.title} data-testid="agent-plan">
      <div className={styles.planHeader}>
        <Typography.Text strong>
          <OrderedListOutlined /> {TEXT.title}
        </Typography.Text>
        <Typography.Text type="secondary">{TEXT.progress(done, plan.length)}</Typography.Text>
      </div>
      <ol className={styles.planList}>
        {plan.map((step) => {
          const status = step.status ?? 'pending';
          const calls = steps.filter((call) => call.planIndex === step.index).length;
          return (
            <li key={step.index} className={styles.planItem} data-status={status}>
              <span className={styles.planIcon}>{ICONS[status]}</span>
              <div className={styles.planText}>
                <Typography.Text strong={status === 'running'}>
                  {step.index}. {step.title}
                </Typography.Text>
                {step.detail ? (
                  <Typography.Text type="secondary" className={styles.planDetail}>
                    {step.detail}
                  </Typography.Text>
                ) : null}
                {calls ? renderSteps(step.index) : null}
              </div>
              {calls ? (
                <Typography.Text type="secondary" className={styles.planCalls}>
                  {TEXT.toolCalls(calls)}
                </Typography.Text>
              ) : null}
              <Tag color={COLORS[status]}>{TEXT.status[status]}</Tag>
            </li>
          );
        })}
      </ol>
      {decision}
    </section>
  );
}
