import { MA_LIMITS, MA_MODE_LABELS, MA_MODES } from '@agent-platform/contracts';
import { Flex, Input, InputNumber, Radio, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useChatModels } from '../../llm';
import { TagSelect } from '../../tags';
import { MA_EDITOR_TEXT as TEXT, MA_MODE_HINTS } from '../constants';
import type { SetupFields } from './setup-fields';

const field = (label: string, control: ReactNode) => (
  <label>
    <Typography.Text>{label}</Typography.Text>
    {control}
  </label>
);

/** The setup itself: name, avatar, description, tags, mode, what members receive, the limit, the coordinator. */
export function SetupForm({ value, onChange }: { value: SetupFields; onChange: (next: SetupFields) => void }) {
  const models = useChatModels();
  const set = (change: Partial<SetupFields>) => onChange({ ...value, ...change });
  return (
    <Flex vertical gap={10} data-testid="ma-setup-form">
      {field(TEXT.name, <Input value={value.name} maxLength={50} placeholder={TEXT.namePlaceholder} aria-label={TEXT.name} onChange={(event) => set({ name: event.target.value })} />)}
      {field(TEXT.avatar, <Input value={value.avatar} aria-label={TEXT.avatar} onChange={(event) => set({ avatar: event.target.value })} />)}
      {field(
        TEXT.description,
        <Input.TextArea rows={2} value={value.description} maxLength={2000} aria-label={TEXT.description} onChange={(event) => set({ description: event.target.value })} />,
      )}
      {field(TEXT.tags, <TagSelect tagType="ma" mode="multiple" value={value.tags} aria-label={TEXT.tags} onChange={(tags) => set({ tags: tags as string[] })} />)}
      {field(
        TEXT.mode,
        <Radio.Group
          value={value.mode}
          aria-label={TEXT.mode}
          optionType="button"
          options={MA_MODES.map((mode) => ({ value: mode, label: MA_MODE_LABELS[mode] }))}
          onChange={(event) => set({ mode: event.target.value })}
        />,
      )}
      <Typography.Text type="secondary">{MA_MODE_HINTS[value.mode]}</Typography.Text>
      {field(
        TEXT.context,
        <Radio.Group
          value={value.context}
          aria-label={TEXT.context}
          options={[
            { value: 'conversation', label: TEXT.contextOptions.conversation },
            { value: 'task', label: TEXT.contextOptions.task },
          ]}
          onChange={(event) => set({ context: event.target.value })}
        />,
      )}
      {field(
        TEXT.maxHandoffs,
        <InputNumber
          min={1}
          max={MA_LIMITS.handoffs_per_turn}
          value={value.max_handoffs}
          aria-label={TEXT.maxHandoffs}
          onChange={(max) => set({ max_handoffs: max ?? MA_LIMITS.handoffs_per_turn })}
        />,
      )}
      {value.mode === 'supervisor' ? (
        <>
          {field(
            TEXT.coordinatorModel,
            <Select
              value={value.supervisor.llm_name || undefined}
              aria-label={TEXT.coordinatorModel}
              loading={models.isPending}
              options={(models.data ?? []).map((model) => ({ value: model.llm_name, label: model.display_name || model.llm_name }))}
              onChange={(llm_name: string) => set({ supervisor: { ...value.supervisor, llm_name } })}
            />,
          )}
          {field(
            TEXT.coordinatorPrompt,
            <Input.TextArea
              rows={4}
              value={value.supervisor.system_prompt}
              aria-label={TEXT.coordinatorPrompt}
              onChange={(event) => set({ supervisor: { ...value.supervisor, system_prompt: event.target.value } })}
            />,
          )}
        </>
      ) : null}
    </Flex>
  );
}
