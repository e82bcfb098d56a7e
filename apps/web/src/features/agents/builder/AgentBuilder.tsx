import type { AgentInfo } from '@agent-platform/contracts';
import { Form } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { toast } from 'sonner';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import type { UnsavedChanges } from '../../../lib/use-unsaved-changes';
import { toDraft, toFormValues, type AgentFormValues } from '../agent-form';
import { AGENT_TOAST } from '../constants';
import styles from './AgentBuilder.module.css';
import { BasicSection } from './BasicSection';
import { BehaviourSection } from './BehaviourSection';
import { KnowledgeSection, ToolSection } from './CapabilitySection';
import { ModelSection } from './ModelSection';
import { PreviewPanel } from './PreviewPanel';
import { OpeningSection, PromptSection } from './PromptSection';

interface AgentBuilderProps {
  /** The saved agent when editing; none when creating. */
  agent?: AgentInfo;
  /** A new agent's model: the first chat model the user may use. */
  defaultModel?: string;
  submitting: boolean;
  onSubmit: (values: AgentFormValues) => void;
  /** The page's unsaved-changes guard (the page marks it saved before it navigates away). */
  unsaved: UnsavedChanges;
  /** The page header, given the form's submit. */
  header: (submit: () => void) => ReactNode;
}

/** The builder: the configuration on the left, a chat with it (unsaved changes included) on the right. */
export function AgentBuilder({ agent, defaultModel, submitting, onSubmit, header, unsaved }: AgentBuilderProps) {
  const [form] = Form.useForm<AgentFormValues>();
  const initial = useMemo(() => toFormValues(agent, defaultModel), [agent, defaultModel]);
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<AgentFormValues> | undefined;
  const draft = useMemo(() => toDraft({ ...initial, ...watched }), [initial, watched]);
  const submit = () => form.submit();

  return (
    <Form<AgentFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={unsaved.markChanged}
      onFinish={() => onSubmit({ ...initial, ...(form.getFieldsValue(true) as AgentFormValues) })}
      onFinishFailed={() => toast.error(AGENT_TOAST.invalidForm)}
      scrollToFirstError={{ block: 'center' }}
    >
      {header(submit)}
      <div className={styles.builder}>
        <div className={styles.sections}>
          <BasicSection agentId={agent?.id} />
          <PromptSection />
          <OpeningSection />
          <ModelSection />
          <ToolSection />
          <KnowledgeSection />
          <BehaviourSection />
        </div>
        <PreviewPanel agentId={agent?.id} draft={draft} saving={submitting} onSave={submit} />
      </div>
      <UnsavedChangesPrompt blocker={unsaved.blocker} />
    </Form>
  );
}
