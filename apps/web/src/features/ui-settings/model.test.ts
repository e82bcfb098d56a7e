import { DEFAULT_APP_NAME, MENU } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { deriveUiSettings, findActiveMenuPath } from './model';

describe('UI settings', () => {
  it('falls back to the built-in name and logo, and the built-in labels', () => {
    const settings = deriveUiSettings([]);
    expect(settings.appName).toBe(DEFAULT_APP_NAME);
    expect(settings.logo).toBeNull();
    expect(settings.menu.map((group) => group.key)).toEqual(MENU.map((group) => group.key));
  });

  it('uses the effective value (current, else default) as label and hides empty entries', () => {
    const settings = deriveUiSettings([
      { code: 'system.ui.name', current_value: null, default_value: '我的平台' },
      { code: 'system.ui.logo', current_value: '/logo.png', default_value: 'x' },
      { code: 'system.ui.menu.agent.chat', current_value: '对话', default_value: '智能体对话' },
      { code: 'system.ui.menu.agent.plan-chat', current_value: '', default_value: '计划对话' },
      { code: 'system.ui.menu.kb', current_value: '', default_value: '知识库' },
      { code: 'system.ui.menu.multi-agent.list', current_value: null, default_value: '' },
    ]);
    expect(settings.appName).toBe('我的平台');
    expect(settings.logo).toBe('/logo.png');
    const agent = settings.menu.find((group) => group.key === 'agent');
    expect(agent?.children.map((item) => item.label)).toEqual(['对话', '智能体管理', '计划记录']);
    expect(settings.menu.find((group) => group.key === 'kb')).toBeUndefined();
    expect(settings.menu.find((group) => group.key === 'multi-agent')).toBeUndefined();
  });

  it('lights the menu entry with the longest matching path', () => {
    const { menu } = deriveUiSettings([]);
    expect(findActiveMenuPath(menu, '/agent/edit/9')?.path).toBe('/agent');
    expect(findActiveMenuPath(menu, '/agent/chat')?.path).toBe('/agent/chat');
    expect(findActiveMenuPath(menu, '/tool/llm/kb')?.path).toBe('/tool/llm/kb');
    expect(findActiveMenuPath(menu, '/agents')).toBeUndefined();
  });
});
