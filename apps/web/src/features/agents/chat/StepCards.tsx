import { ToolOutlined } from '@ant-design/icons';
import { ThoughtChain, type ThoughtChainItemType } from '@ant-design/x';
import { Alert, Flex, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { asText, stepDuration, type ToolStepStatus, type ToolStepView } from './agent-messages';
import styles from './AgentChat.module.css';
import { STEP_TEXT as TEXT } from './constants';

const CHAIN_STATUS: Record<ToolStepStatus, ThoughtChainItemType['status']> = {
  running: 'loading',
  awaiting: undefined,
  done: 'success',
  error: 'error',
  skipped: 'abort',
};

const TAG_COLOR: Record<ToolStepStatus, string> = { running: 'processing', awaiting: 'warning', done: 'success', error: 'error', skipped: 'default' };

function StepBody({ step }: { step: ToolStepView }) {
  const output = asText(step.output);
  return (
    <Flex vertical gap={8} className={styles.stepBody}>
      <div>
        <Typography.Text type="secondary" className={styles.stepLabel}>
          {TEXT.input}
        </Typography.Text>
        <pre className={styles.code}>{asText(step.input) || '{}'}</pre>
      </div>
      {step.observationId ? (
        <div>
          <Typography.Text type="secondary" className={styles.stepLabel}>
            {TEXT.output}
          </Typography.Text>
          <pre className={styles.code}>{output || TEXT.noOutput}</pre>
        </div>
      ) : null}
      {step.error ? <Alert type="error" showIcon title={TEXT.error} description={step.error} /> : null}
    </Flex>
  );
}

interface StepCardsProps {
  steps: ToolStepView[];
  /** A tool's name as people know it (built-in and custom tools have titles). */
  toolTitle: (name: string) => string;
  /** The decision buttons of the step the run waits at (undefined for the others). */
  decisionFor: (step: ToolStepView) => ReactNode;
  /** How much answer text has streamed so far: a decided step folds once more arrives. */
  answerLength: number;
}

interface Held {
  /** The steps waiting for a person at the last render. */
  waiting: string[];
  /** Steps a person just decided, kept open, with the answer's length at that moment. */
  decided: Record<string, number>;
}

/**
 * A step just decided stays open while its tool runs and its result arrives, and folds only when the
 * answer goes on after it (the person sees what their decision did).
 */
function useHeldOpen(steps: ToolStepView[], answerLength: number): { waiting: string[]; held: string[] } {
  const waiting = steps.filter((step) => step.status === 'awaiting').map((step) => step.key);
  const [state, setState] = useState<Held>({ waiting, decided: {} });
  const justDecided = state.waiting.filter((key) => !waiting.includes(key));
  const answered = Object.keys(state.decided).filter((key) => answerLength > (state.decided[key] ?? 0));
  if (justDecided.length || answered.length || state.waiting.join() !== waiting.join()) {
    const decided = { ...state.decided };
    for (const key of justDecided) decided[key] = answerLength;
    for (const key of answered) delete decided[key];
    setState({ waiting, decided });
  }
  return { waiting, held: Object.keys(state.decided) };
}

/** Each tool call of an answer as a card: tool, input, output or error, time taken, and the decision when paused. */
export function StepCards({ steps, toolTitle, decisionFor, answerLength }: StepCardsProps) {
  const [opened, setOpened] = useState<string[]>([]);
  const { waiting, held } = useHeldOpen(steps, answerLength);
  const open = [...waiting, ...held];
  const items: ThoughtChainItemType[] = steps.map((step) => {
    const duration = stepDuration(step);
    const decision = decisionFor(step);
    return {
      key: step.key,
      icon: <ToolOutlined />,
      title: (
        <span className={styles.stepTitle} data-testid="agent-step" data-status={step.status}>
          {step.title ?? toolTitle(step.tool)}
          <Tag color={TAG_COLOR[step.status]} className={styles.stepTag}>
            {TEXT.status[step.status]}
          </Tag>
          {step.edited ? <Tag className={styles.stepTag}>{step.edited === 'input' ? TEXT.editedInput : TEXT.editedOutput}</Tag> : null}
        </span>
      ),
      // What a person decided stays in sight when the card is folded.
      description:
        duration || step.feedback ? (
          <span className={styles.stepDescription}>
            {duration ? <span>{TEXT.duration(duration)}</span> : null}
            {step.feedback ? <span>{TEXT.feedback(step.feedback)}</span> : null}
          </span>
        ) : undefined,
      status: CHAIN_STATUS[step.status],
      collapsible: true,
      content: <StepBody step={step} />,
      footer: decision ?? undefined,
    };
  });
  return (
    <ThoughtChain
      className={styles.steps}
      items={items}
      line="dashed"
      expandedKeys={[...new Set([...opened, ...open])]}
      onExpand={(keys) => setOpened(keys.filter((key) => !open.includes(key)))}
    />
  );
}
