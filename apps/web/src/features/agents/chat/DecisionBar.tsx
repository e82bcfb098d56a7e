import type { HitlKind, PlanStep } from '@agent-platform/contracts';
import { CheckOutlined, EditOutlined, MessageOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { asText, type Decision } from './agent-messages';
import styles from './AgentChat.module.css';
import { DECISION_TEXT as TEXT } from './constants';
import { PlanEditorModal } from './PlanEditorModal';
import { TextDecisionModal, type TextDecisionKind } from './TextDecisionModal';

const LABELS = { action_confirm: TEXT.action, observation_confirm: TEXT.observation, plan_confirm: TEXT.plan } as const;
const HINTS = { action_confirm: TEXT.actionHint, observation_confirm: TEXT.observationHint, plan_confirm: TEXT.planHint } as const;

interface DecisionBarProps {
  kind: HitlKind;
  /** What the run waits with: the tool input (action), the output (observation), the plan (plan). */
  value: unknown;
  onDecide: (decision: Decision) => void;
  disabled?: boolean;
}

/** The four answers to a pause: go on, replace what is pending, tell the model why not, or end the run. */
export function DecisionBar({ kind, value, onDecide, disabled }: DecisionBarProps) {
  const [editing, setEditing] = useState<TextDecisionKind | 'plan' | null>(null);
  const labels = LABELS[kind];
  const replaceKind: TextDecisionKind | 'plan' = kind === 'action_confirm' ? 'input' : kind === 'observation_confirm' ? 'output' : 'plan';
  const decide = (decision: Decision) => {
    setEditing(null);
    onDecide(decision);
  };
  return (
    <div className={styles.decision} role="group" aria-label={HINTS[kind]}>
      <Typography.Text type="warning" className={styles.decisionHint}>
        {HINTS[kind]}
      </Typography.Text>
      <Flex gap={8} wrap>
        <Button type="primary" size="small" icon={<CheckOutlined />} disabled={disabled} onClick={() => decide({ choice: 'confirm' })}>
          {labels.confirm}
        </Button>
        <Button size="small" icon={<EditOutlined />} disabled={disabled} onClick={() => setEditing(replaceKind)}>
          {labels.replace}
        </Button>
        <Button size="small" icon={<MessageOutlined />} disabled={disabled} onClick={() => setEditing('feedback')}>
          {labels.feedback}
        </Button>
        <Popconfirm
          title={TEXT.finishConfirm}
          description={TEXT.finishConfirmDescription}
          okText={TEXT.ok}
          cancelText={TEXT.cancel}
          okButtonProps={{ autoInsertSpace: false }}
          cancelButtonProps={{ autoInsertSpace: false }}
          onConfirm={() => decide({ choice: 'finish' })}
          disabled={disabled}
        >
          <Button size="small" danger icon={<StopOutlined />} disabled={disabled}>
            {labels.finish}
          </Button>
        </Popconfirm>
      </Flex>
      <TextDecisionModal
        kind={editing === 'plan' ? null : editing}
        initial={editing === 'feedback' ? '' : asText(value)}
        plan={kind === 'plan_confirm'}
        onCancel={() => setEditing(null)}
        onSubmit={decide}
      />
      <PlanEditorModal open={editing === 'plan'} steps={Array.isArray(value) ? (value as PlanStep[]) : []} onCancel={() => setEditing(null)} onSubmit={decide} />
    </div>
  );
}
