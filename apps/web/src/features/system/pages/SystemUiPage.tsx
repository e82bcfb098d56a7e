import { APP_LOGO_PROPERTY, type UiPropertyEntry } from '@agent-platform/contracts';
import { Alert, Button, Card, Col, Flex, Input, Row, Spin } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { AdminOnly } from '../../../components/AdminOnly';
import { PageHeader } from '../../../components/PageHeader';
import { StickyFormActions } from '../../../components/StickyFormActions';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useSessionUser } from '../../auth';
import { useUiEntries } from '../../ui-settings';
import { LogoUpload } from '../components/LogoUpload';
import { MenuEntriesEditor } from '../components/MenuEntriesEditor';
import { SidebarPreview } from '../components/SidebarPreview';
import { SYSTEM_TITLES, UI_TEXT as TEXT } from '../constants';
import { useBatchUpdateProperties } from '../queries';
import { changedItems, draftFromEntries, previewEntries, unnamedEntries, type MenuDraftEntry, type PropertyItem, type UiDraft } from '../ui-draft';

/** Administrators: the application name, the logo and the sidebar's entries, previewed live and saved at once. */
export default function SystemUiPage() {
  const user = useSessionUser();
  const entries = useUiEntries();
  // A save remounts the form on the entries as stored (a sanitised logo, values equal to defaults cleared).
  const [version, setVersion] = useState(0);
  return (
    <AdminOnly isAdmin={user.role === 'admin'}>
      <PageHeader title={SYSTEM_TITLES.ui} description={TEXT.description} />
      {entries.isError ? <Alert type="error" showIcon title={entries.error.message} /> : null}
      {entries.data ? <UiSettingsForm key={version} entries={entries.data} onSaved={() => setVersion((current) => current + 1)} /> : <Spin />}
    </AdminOnly>
  );
}

function UiSettingsForm({ entries, onSaved }: { entries: UiPropertyEntry[]; onSaved: () => void }) {
  const [draft, setDraft] = useState<UiDraft>(() => draftFromEntries(entries));
  const unsaved = useUnsavedChanges();
  const save = useBatchUpdateProperties();
  const defaultLogo = entries.find((entry) => entry.code === APP_LOGO_PROPERTY)?.default_value ?? null;

  const change = (next: Partial<UiDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    unsaved.markChanged();
  };
  const changeEntry = (key: string, entryChange: Partial<MenuDraftEntry>) => change({ menu: draft.menu.map((entry) => (entry.key === key ? { ...entry, ...entryChange } : entry)) });

  const saveItems = async (items: PropertyItem[]) => {
    try {
      await save.mutateAsync({ items });
      unsaved.markSaved();
      toast.success(TEXT.saved);
      onSaved();
    } catch (error) {
      toast.error(TEXT.failed, { description: (error as Error).message });
    }
  };

  const submit = async () => {
    const unnamed = unnamedEntries(draft)[0];
    const items = changedItems(entries, draft);
    if (!draft.appName.trim()) toast.error(TEXT.appNameRequired);
    else if (unnamed) toast.error(TEXT.menuEmpty, { description: unnamed.defaultLabel });
    else if (items.length === 0) toast.info(TEXT.unchanged);
    else await saveItems(items);
  };

  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Flex vertical gap={16}>
            <Card title={TEXT.brandCard}>
              <Flex vertical gap={16}>
                <label>
                  <div style={{ marginBottom: 8 }}>{TEXT.appName}</div>
                  <Input value={draft.appName} maxLength={40} showCount style={{ maxWidth: 360 }} onChange={(event) => change({ appName: event.target.value })} />
                </label>
                <div>
                  <div style={{ marginBottom: 8 }}>{TEXT.logo}</div>
                  <LogoUpload
                    src={draft.logo ?? defaultLogo}
                    alt={draft.appName}
                    onChange={(logo) => change({ logo })}
                    onReset={() => change({ logo: null })}
                    canReset={draft.logo !== null}
                  />
                </div>
              </Flex>
            </Card>
            <Card title={TEXT.menuCard}>
              <MenuEntriesEditor entries={draft.menu} onChange={changeEntry} />
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={9}>
          <Card title={TEXT.previewCard} style={{ position: 'sticky', top: 16 }}>
            <SidebarPreview entries={previewEntries(entries, draft)} />
          </Card>
        </Col>
      </Row>
      <StickyFormActions dirty={unsaved.dirty}>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          {TEXT.save}
        </Button>
      </StickyFormActions>
      <UnsavedChangesPrompt blocker={unsaved.blocker} />
    </>
  );
}
