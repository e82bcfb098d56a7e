import { Tag } from 'antd';
import { CitedAnswer } from '../../../components/chat/CitedAnswer';
import type { AgentMessageView, Decision, ToolStepView } from './agent-messages';
import { AGENT_CHAT_TEXT as TEXT } from './constants';
import { DecisionBar } from './DecisionBar';
import { PlanCard } from './PlanCard';
import { SpeechParts, type SpeakerOf } from './SpeechParts';
import { StepCards } from './StepCards';

export interface AgentAnswerProps {
  message: AgentMessageView;
  toolTitle: (name: string) => string;
  onDecide: (message: AgentMessageView, decision: Decision) => void;
  onOpenSource: (messageKey: string, index: number) => void;
  /** Another answer is streaming: decisions wait. */
  busy: boolean;
  /** Multi-agent chat: the agents who speak in the answer. */
  speakerOf?: SpeakerOf;
}

/** What an agent's answer adds to the text: its plan, its tool steps with the decision at a pause, its citations. */
export function AgentAnswer({ message, toolTitle, onDecide, onOpenSource, busy, speakerOf }: AgentAnswerProps) {
  const { pause, plan, steps = [] } = message;
  const decide = (decision: Decision) => onDecide(message, decision);
  const decisionFor = (step: ToolStepView) => {
    if (!pause || step.status !== 'awaiting') return null;
    const value = pause.kind === 'action_confirm' ? step.input : step.output;
    return <DecisionBar kind={pause.kind} value={value} onDecide={decide} disabled={busy} />;
  };
  const cards = (shown: ToolStepView[]) => (shown.length ? <StepCards steps={shown} toolTitle={toolTitle} decisionFor={decisionFor} answerLength={message.content.length} /> : null);
  // Plan chat: each tool call under the plan step that made it (a stored answer may not say which).
  const planned = plan?.length ? steps.filter((step) => step.planIndex !== undefined) : [];
  return (
    <>
      {plan?.length ? (
        <PlanCard
          plan={plan}
          steps={steps}
          renderSteps={(index) => cards(planned.filter((step) => step.planIndex === index))}
          decision={pause?.kind === 'plan_confirm' ? <DecisionBar kind="plan_confirm" value={plan} onDecide={decide} disabled={busy} /> : undefined}
        />
      ) : null}
      {cards(steps.filter((step) => !planned.includes(step)))}
      {speakerOf && message.parts?.length ? <SpeechParts parts={message.parts} speakerOf={speakerOf} /> : <CitedAnswer message={message} onOpenSource={onOpenSource} />}
      {message.runStatus === 'finished' ? <Tag>{TEXT.finishedTag}</Tag> : null}
    </>
  );
}
