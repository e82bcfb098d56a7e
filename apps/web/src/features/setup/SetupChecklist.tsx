import { CheckCircleFilled, CloseOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { AGENT_PATHS } from '../agents';
import { KB_PATHS } from '../knowledge';
import { LLM_PATHS } from '../llm';
import { TOOL_PATHS } from '../tools';
import { useUiSettings } from '../ui-settings';
import { SETUP_TEXT as TEXT } from './constants';
import { useDismissSetup, useSetupSteps } from './queries';
import type { SetupStepKey } from './setup-steps';
import styles from './SetupChecklist.module.css';

const STEP_PATHS: Record<SetupStepKey, string> = {
  model: LLM_PATHS.create,
  agent: AGENT_PATHS.create,
  chat: '/agent/chat',
  knowledge: KB_PATHS.list,
  tool: TOOL_PATHS.create(),
};

function Checklist() {
  const steps = useSetupSteps();
  const dismiss = useDismissSetup();
  const required = steps.filter((step) => !step.optional);
  const requiredDone = required.filter((step) => step.done).length;
  return (
    <section className={styles.card} aria-label={TEXT.title}>
      <div className={styles.head}>
        <Typography.Text strong>{TEXT.title}</Typography.Text>
        <Typography.Text type="secondary">{TEXT.progress(requiredDone, required.length)}</Typography.Text>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={TEXT.dismiss}
          title={TEXT.dismiss}
          loading={dismiss.isPending}
          onClick={() => dismiss.mutate(undefined, { onError: (error) => toast.error(TEXT.dismissFailed, { description: error.message }) })}
        />
      </div>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step.key} data-done={step.done}>
            {step.done ? <CheckCircleFilled className={styles.check} /> : <span className={styles.dot} aria-hidden />}
            {step.done ? <span className={styles.done}>{step.label}</span> : <Link to={STEP_PATHS[step.key]}>{step.label}</Link>}
            {step.optional ? <span className={styles.optional}>{TEXT.optional}</span> : null}
          </li>
        ))}
      </ol>
      {requiredDone === required.length ? (
        <Typography.Text type="secondary" className={styles.note}>
          {TEXT.allDone}
        </Typography.Text>
      ) : null}
    </section>
  );
}

/** An administrator's first-run guide in the sidebar (each step ticked as it is done) until dismissed. */
export function SetupChecklist({ isAdmin }: { isAdmin: boolean }) {
  const { setupDismissed } = useUiSettings();
  if (!isAdmin || setupDismissed) return null;
  return <Checklist />;
}
