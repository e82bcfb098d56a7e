import type { LlmModel } from '@agent-platform/contracts';
import { CloseOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Input, InputNumber, Slider, Tag, Typography } from 'antd';
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

function Setting({ label, hint, custom, children }: { label: string; hint?: string; custom: boolean; children: ReactNode }) {
  return (
    <div className={styles.setting}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{label}</Typography.Text>
        {custom ? null : <Tag>{TEXT.modelDefault}</Tag>}
      </Flex>
      {hint ? <Typography.Text type="secondary" className={styles.settingHint}>{hint}</Typography.Text> : null}
      {children}
    </div>
  );
}

interface RangeProps {
  label: string;
  value: number | undefined;
  fallback: number;
  max: number;
  step: number;
  onChange: (value: number | undefined) => void;
}

/** A slider and a number box for one parameter; emptying the box goes back to the model's default. */
function RangeSetting({ label, value, fallback, max, step, onChange }: RangeProps) {
  return (
    <Flex gap={12} align="center">
      <Slider aria-label={label} min={0} max={max} step={step} value={value ?? fallback} onChange={onChange} style={{ flex: 1 }} />
      <InputNumber
        aria-label={label}
        size="small"
        min={0}
        max={max}
        step={step}
        value={value}
        placeholder={String(fallback)}
        onChange={(next) => onChange(next ?? undefined)}
        style={{ width: 72 }}
      />
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
        <Setting label={TEXT.systemPrompt} custom>
          <Input.TextArea
            aria-label={TEXT.systemPrompt}
            value={settings.system_prompt}
            placeholder={TEXT.systemPromptPlaceholder}
            autoSize={{ minRows: 4, maxRows: 10 }}
            maxLength={20_000}
            onChange={(event) => set({ system_prompt: event.target.value })}
          />
        </Setting>
        <Setting label={TEXT.temperature} hint={TEXT.temperatureHint} custom={settings.temperature !== undefined}>
          <RangeSetting label={TEXT.temperature} value={settings.temperature} fallback={model?.temperature ?? 1} max={2} step={0.1} onChange={(temperature) => set({ temperature })} />
        </Setting>
        <Setting label={TEXT.topP} hint={TEXT.topPHint} custom={settings.top_p !== undefined}>
          <RangeSetting label={TEXT.topP} value={settings.top_p} fallback={model?.top_p ?? 1} max={1} step={0.05} onChange={(top_p) => set({ top_p })} />
        </Setting>
        <Setting label={TEXT.maxTokens} custom={settings.max_tokens !== undefined}>
          <InputNumber
            aria-label={TEXT.maxTokens}
            min={1}
            max={1_000_000}
            precision={0}
            value={settings.max_tokens}
            placeholder={model?.max_tokens ? String(model.max_tokens) : TEXT.modelDefault}
            onChange={(next) => set({ max_tokens: next ?? undefined })}
            style={{ width: '100%' }}
          />
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
