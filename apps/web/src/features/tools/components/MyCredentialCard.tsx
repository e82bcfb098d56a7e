import type { ToolProviderInfo } from '@agent-platform/contracts';
import { Alert, Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { PROVIDER_TEXT as TEXT, TOOL_TOAST } from '../constants';
import { credentialDraftOf, credentialOf, credentialProblem } from '../provider-form';
import { useDeleteMyToolCredential, useSaveMyToolCredential } from '../queries';
import { SecretFields } from './CredentialFields';

/** A per-user set: the viewer's own secret, which their calls of its tools send. */
export function MyCredentialCard({ provider }: { provider: ToolProviderInfo }) {
  const save = useSaveMyToolCredential();
  const remove = useDeleteMyToolCredential();
  const [draft, setDraft] = useState(() => credentialDraftOf(provider.auth, 'per_user', provider.my_credential));
  const submit = () => {
    const credential = credentialOf(draft);
    const problem = credentialProblem(draft) ?? (credential ? null : `请输入${draft.type === 'basic' ? '密码' : '密钥'}`);
    if (problem || !credential) {
      toast.error(problem ?? TOOL_TOAST.failed);
      return;
    }
    save.mutate(
      { id: provider.id, credential },
      { onSuccess: () => toast.success(TEXT.myCredentialSaved), onError: (error) => toast.error(TOOL_TOAST.saveFailed, { description: error.message }) },
    );
  };
  const drop = () =>
    remove.mutate(provider.id, {
      onSuccess: () => {
        setDraft(credentialDraftOf(provider.auth, 'per_user'));
        toast.success(TEXT.myCredentialDeleted);
      },
      onError: (error) => toast.error(TOOL_TOAST.failed, { description: error.message }),
    });
  return (
    <Card title={TEXT.myCredential}>
      <Alert type={provider.my_credential ? 'success' : 'warning'} showIcon title={provider.my_credential ? TEXT.myCredentialSet : TEXT.myCredentialMissing} style={{ marginBottom: 16 }} />
      <SecretFields value={draft} onChange={(changes) => setDraft({ ...draft, ...changes })} />
      <Flex gap={12}>
        <Button type="primary" loading={save.isPending} onClick={submit}>
          {TEXT.save}
        </Button>
        {provider.my_credential ? (
          <Button danger loading={remove.isPending} onClick={drop}>
            {TEXT.deleteMyCredential}
          </Button>
        ) : null}
      </Flex>
    </Card>
  );
}
