import { LLM_PROVIDERS, LLM_TYPE_LABELS, type LlmProvider, type LlmType } from '@agent-platform/contracts';
import { Tag } from 'antd';
import { TYPE_TAG_COLORS } from '../constants';

export function TypeTag({ type }: { type: LlmType }) {
  return <Tag color={TYPE_TAG_COLORS[type]}>{LLM_TYPE_LABELS[type]}</Tag>;
}

export function providerLabel(provider: LlmProvider): string {
  return LLM_PROVIDERS.find((preset) => preset.key === provider)?.label ?? provider;
}
