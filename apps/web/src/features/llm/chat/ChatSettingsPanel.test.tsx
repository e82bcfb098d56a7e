import type { LlmModel } from '@agent-platform/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EMPTY_SETTINGS, type ChatSettings } from './chat-settings';
import { ChatSettingsPanel } from './ChatSettingsPanel';

function Panel({ model, onSettings }: { model?: Partial<LlmModel>; onSettings: (settings: ChatSettings) => void }) {
  const [settings, setSettings] = useState<ChatSettings>(EMPTY_SETTINGS);
  return (
    <ChatSettingsPanel
      settings={settings}
      onChange={(next) => {
        setSettings(next);
        onSettings(next);
      }}
      model={model as LlmModel | undefined}
      onClose={() => undefined}
    />
  );
}

describe('the playground parameters: unset shows as unset', () => {
  it("shows no slider and no value until the switch overrides the model default, starting from the model's own value", () => {
    let latest: ChatSettings = EMPTY_SETTINGS;
    render(<Panel model={{ temperature: 0.7, top_p: null, max_tokens: null }} onSettings={(next) => (latest = next)} />);

    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.getByText('模型默认（0.7）')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: '自定义温度' }));
    expect(latest.temperature).toBe(0.7);
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('0.7');

    fireEvent.click(screen.getByRole('switch', { name: '自定义温度' }));
    expect(latest.temperature).toBeUndefined();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('a parameter the model does not set starts its override from the usual default', () => {
    let latest: ChatSettings = EMPTY_SETTINGS;
    render(<Panel model={{ temperature: null, top_p: null, max_tokens: null }} onSettings={(next) => (latest = next)} />);
    expect(screen.getAllByText('模型默认')).toHaveLength(3);
    fireEvent.click(screen.getByRole('switch', { name: '自定义top_p' }));
    expect(latest.top_p).toBe(1);
  });
});
