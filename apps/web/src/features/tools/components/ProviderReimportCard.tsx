import type { ToolProviderInfo } from '@agent-platform/contracts';
import { SyncOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { OPENAPI_TEXT, PROVIDER_TEXT as TEXT, TOOL_TOAST } from '../constants';
import { useReimportToolProvider } from '../queries';
import { JsonEditor } from './JsonEditor';

/** A new version of the document, pasted or fetched again from its URL: operations updated, credentials kept. */
export function ProviderReimportCard({ provider }: { provider: ToolProviderInfo }) {
  const reimport = useReimportToolProvider();
  const [document, setDocument] = useState('');
  const [url, setUrl] = useState(provider.document_url ?? '');
  const submit = () => {
    const source = document.trim() ? { document } : url.trim() ? { url: url.trim() } : {};
    reimport.mutate(
      { id: provider.id, ...source },
      {
        onSuccess: (result) => {
          setDocument('');
          toast.success(TEXT.reimportDone(result.updated, result.added, result.removed));
        },
        onError: (error) => toast.error(TOOL_TOAST.failed, { description: error.message }),
      },
    );
  };
  return (
    <Card title={TEXT.reimport}>
      <Form layout="vertical" component="div">
        <Form.Item label={OPENAPI_TEXT.document} extra={TEXT.reimportHint}>
          <JsonEditor label={OPENAPI_TEXT.document} value={document} onChange={setDocument} placeholder={OPENAPI_TEXT.documentPlaceholder} minRows={4} />
        </Form.Item>
        <Form.Item label={OPENAPI_TEXT.documentUrl}>
          <Input value={url} onChange={(event) => setUrl(event.target.value)} placeholder={OPENAPI_TEXT.documentUrlPlaceholder} aria-label={OPENAPI_TEXT.documentUrl} />
        </Form.Item>
      </Form>
      <Button icon={<SyncOutlined />} loading={reimport.isPending} onClick={submit}>
        {TEXT.reimport}
      </Button>
    </Card>
  );
}
