import type { LlmModel } from '@agent-platform/contracts';
import { CloseOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Input, InputNumber, Slider, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CHAT_PAGE_TEXT as TEXT } from '../constants';
import { EMPTY_SETTINGS, type ChatSettings } from './chat-settings';
import styles from './ModelPlayground.module.css';

interface ChatSettingsPanelProps {
  settings: ChatSettings;
  onChange: (settings: ChatSettings) => void;
  model: LlmModel | undefined;
  onClose: () => void;
}

function Setting({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className={styles.setting}>
      <Typography.Text strong>{label}</Typography.Text>
      {hint ? (
        <Typography.Text type="secondary" className={styles.settingHint}>
          {hint}
        </Typography.Text>
      ) : null}
      {children}
    </div>
  );
}

interface OverrideProps {
  label: string;
  /** undefined: the model's default is used. */
  value: number | undefined;
  /** What the model uses when unset (when it says), the starting point of an override. */
  modelValue: number | null | undefined;
  fallback: number;
  onChange: (value: number | undefined) => void;
  children: (value: number) => ReactNode;
}

/**
 * An unset parameter shows as unset: a switch to override it, and only then its control. Switching it
 * on starts from the model's own value.
 */
function OverrideSetting({ label, value, modelValue, fallback, onChange, children }: OverrideProps) {
  const overriding = value !== undefined;
  return (
    <Flex vertical gap={4}>
      <Flex justify="space-between" align="center" gap={8}>
        <Switch size="small" checked={overriding} aria-label={TEXT.overrideOf(label)} onChange={(on) => onChange(on ? (modelValue ?? fallback) : undefined)} />
        <Typography.Text type="secondary" className={styles.overrideState}>
          {overriding ? TEXT.overriding : modelValue === null || modelValue === undefined ? TEXT.modelDefault : TEXT.modelDefaultOf(modelValue)}
        </Typography.Text>
      </Flex>
      {overriding ? children(value) : null}
    </Flex>
  );
}

interface RangeProps {
  label: string;
  value: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
}

/** A slider and a number box for one parameter being overridden. */
function RangeSetting({ label, value, max, step, onChange }: RangeProps) {
  return (
    <Flex gap={12} align="center">
      <Slider aria-label={label} min={0} max={max} step={step} value={value} onChange={onChange} style={{ flex: 1 }} />
      <InputNumber aria-label={label} size="small" min={0} max={max} step={step} value={value} onChange={(next) => onChange(next ?? 0)} style={{ width: 72 }} />
    </Flex>
  );
}

/** System prompt and sampling parameters of the playground (they apply to the messages sent after). */
export function ChatSettingsPanel({ settings, onChange, model, onClose }: ChatSettingsPanelProps) {
  const set = (patch: Partial<ChatSettings>) => onChange({ ...settings, ...patch });
  return (
    <aside className={styles.settings} aria-label={TEXT.settings}>
      <Flex justify="space-between" align="center" className={styles.panelHeader}>
        <Typography.Text strong>{TEXT.settings}</Typography.Text>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={TEXT.closeSettings} onClick={onClose} />
      </Flex>
      <div className={styles.settingsBody}>
        <Setting label={TEXT.systemPrompt}>
          <Input.TextArea
            aria-label={TEXT.systemPrompt}
            value={settings.system_prompt}
            placeholder={TEXT.systemPromptPlaceholder}
            autoSize={{ minRows: 4, maxRows: 10 }}
            maxLength={20_000}
            onChange={(event) => set({ system_prompt: event.target.value })}
          />
        </Setting>
        <Setting label={TEXT.temperature} hint={TEXT.temperatureHint}>
          <OverrideSetting label={TEXT.temperature} value={settings.temperature} modelValue={model?.temperature} fallback={1} onChange={(temperature) => set({ temperature })}>
            {(value) => <RangeSetting label={TEXT.temperature} value={value} max={2} step={0.1} onChange={(temperature) => set({ temperature })} />}
          </OverrideSetting>
        </Setting>
        <Setting label={TEXT.topP} hint={TEXT.topPHint}>
          <OverrideSetting label={TEXT.topP} value={settings.top_p} modelValue={model?.top_p} fallback={1} onChange={(top_p) => set({ top_p })}>
            {(value) => <RangeSetting label={TEXT.topP} value={value} max={1} step={0.05} onChange={(top_p) => set({ top_p })} />}
          </OverrideSetting>
        </Setting>
        <Setting label={TEXT.maxTokens}>
          <OverrideSetting label={TEXT.maxTokens} value={settings.max_tokens} modelValue={model?.max_tokens} fallback={1024} onChange={(max_tokens) => set({ max_tokens })}>
            {(value) => (
              <InputNumber aria-label={TEXT.maxTokens} min={1} max={1_000_000} precision={0} value={value} onChange={(next) => set({ max_tokens: next ?? 1 })} style={{ width: '100%' }} />
            )}
          </OverrideSetting>
        </Setting>
        <Typography.Text type="secondary" className={styles.settingHint}>
          {TEXT.settingsHint}
        </Typography.Text>
        <Button block icon={<UndoOutlined />} onClick={() => onChange(EMPTY_SETTINGS)}>
          {TEXT.reset}
        </Button>
      </div>
    </aside>
  );
}
