import { DEFAULT_APP_NAME, type UiPropertyEntry } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { deriveUiSettings } from '../ui-settings';
import { changedItems, draftFromEntries, previewEntries, unnamedEntries } from './ui-draft';

const ENTRIES: UiPropertyEntry[] = [
  { code: 'system.ui.name', current_value: null, default_value: DEFAULT_APP_NAME },
  { code: 'system.ui.logo', current_value: null, default_value: 'data:image/svg+xml;base64,AA==' },
  { code: 'system.ui.menu.kb', current_value: null, default_value: '知识库' },
  { code: 'system.ui.menu.kb.list', current_value: '知识库列表', default_value: '知识库管理' },
  { code: 'system.ui.menu.kb.chat', current_value: '', default_value: '知识库对话' },
];

describe('the UI settings draft', () => {
  it('starts from the effective values: a hidden entry keeps its default label to show again', () => {
    const draft = draftFromEntries(ENTRIES);
    expect(draft.appName).toBe(DEFAULT_APP_NAME);
    expect(draft.logo).toBeNull();
    const kb = draft.menu.filter((entry) => entry.key.startsWith('kb'));
    expect(kb).toEqual([
      { key: 'kb', defaultLabel: '知识库', label: '知识库', visible: true, isGroup: true },
      { key: 'kb.list', defaultLabel: '知识库管理', label: '知识库列表', visible: true, isGroup: false },
      { key: 'kb.chat', defaultLabel: '知识库对话', label: '知识库对话', visible: false, isGroup: false },
    ]);
    expect(draft.menu[0]).toMatchObject({ key: 'agent', isGroup: true });
  });

  it('saves only what changed; a value equal to the default is stored as none', () => {
    const draft = draftFromEntries(ENTRIES);
    expect(changedItems(ENTRIES, draft)).toEqual([]);
    const edited = {
      appName: '  我的平台 ',
      logo: 'data:image/png;base64,iVBORw0KGgo=',
      menu: draft.menu.map((entry) =>
        entry.key === 'kb.list' ? { ...entry, label: '知识库管理' } : entry.key === 'kb.chat' ? { ...entry, visible: true } : entry.key === 'kb' ? { ...entry, visible: false } : entry,
      ),
    };
    expect(changedItems(ENTRIES, edited)).toEqual([
      { code: 'system.ui.name', current_value: '我的平台' },
      { code: 'system.ui.logo', current_value: 'data:image/png;base64,iVBORw0KGgo=' },
      { code: 'system.ui.menu.kb', current_value: '' },
      { code: 'system.ui.menu.kb.list', current_value: null },
      { code: 'system.ui.menu.kb.chat', current_value: null },
    ]);
  });

  it('previews the sidebar as it will be, and names the visible entries left without a label', () => {
    const draft = draftFromEntries(ENTRIES);
    const renamed = { ...draft, menu: draft.menu.map((entry) => (entry.key === 'kb.list' ? { ...entry, label: '资料库' } : entry)) };
    const kb = deriveUiSettings(previewEntries(ENTRIES, renamed)).menu.find((group) => group.key === 'kb');
    expect(kb?.children.map((item) => item.label)).toEqual(['资料库']);
    const blank = { ...draft, menu: draft.menu.map((entry) => (entry.key === 'kb.list' ? { ...entry, label: ' ' } : entry)) };
    expect(unnamedEntries(blank).map((entry) => entry.key)).toEqual(['kb.list']);
  });
});
