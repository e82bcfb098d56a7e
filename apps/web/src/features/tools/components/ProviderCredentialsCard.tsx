import type { ToolProviderInfo } from '@agent-platform/contracts';
import { Alert, Button, Card } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { PROVIDER_TEXT as TEXT, TOOL_TOAST } from '../constants';
import { credentialDraftOf, credentialOf, credentialProblem, schemeOf } from '../provider-form';
import { useUpdateToolProvider } from '../queries';
import { CredentialFields } from './CredentialFields';

/** The set's scheme and shared secret (masked; kept unless changed). Read-only for those who may not edit it. */
export function ProviderCredentialsCard({ provider }: { provider: ToolProviderInfo }) {
  const update = useUpdateToolProvider();
  const [draft, setDraft] = useState(() => credentialDraftOf(provider.auth, provider.credential_mode, provider.credential));
  const save = () => {
    const problem = credentialProblem(draft);
    if (problem) {
      toast.error(problem);
      return;
    }
    const credential = draft.mode === 'shared' ? credentialOf(draft) : undefined;
    update.mutate(
      { id: provider.id, auth: schemeOf(draft), credential_mode: draft.mode, ...(credential ? { credential } : {}) },
      { onSuccess: () => toast.success(TEXT.saved), onError: (error) => toast.error(TOOL_TOAST.saveFailed, { description: error.message }) },
    );
  };
  return (
    <Card title={TEXT.credentials}>
      {provider.editable ? null : <Alert type="info" showIcon title={TEXT.readOnly} style={{ marginBottom: 16 }} />}
      <CredentialFields value={draft} onChange={setDraft} editing disabled={!provider.editable} />
      {provider.editable ? (
        <Button type="primary" loading={update.isPending} onClick={save}>
          {TEXT.save}
        </Button>
      ) : null}
    </Card>
  );
}
