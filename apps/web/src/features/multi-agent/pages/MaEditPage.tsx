import { Alert, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { MaChatPanel } from '../chat/MaChatPanel';
import { MA_EDITOR_TEXT, MA_TITLES } from '../constants';
import { MaEditor } from '../editor/MaEditor';
import { useSetup } from '../queries';

/** /multi-agent/edit/:id: a saved setup on the canvas, and a preview chat with it as saved. */
export default function MaEditPage() {
  const { id } = useParams();
  const setup = useSetup(id);
  const [conversationId, setConversationId] = useState<string>();
  return (
    <>
      <PageHeader title={MA_TITLES.edit} />
      {setup.isPending ? <Skeleton active /> : null}
      {setup.isError ? <Alert type="error" showIcon title={setup.error.message} /> : null}
      {setup.data ? (
        <>
          <MaEditor key={setup.data.id} setup={setup.data} />
          <Card title={MA_EDITOR_TEXT.preview} style={{ marginTop: 16 }}>
            <MaChatPanel setup={setup.data} preview conversationId={conversationId} onConversation={setConversationId} />
          </Card>
        </>
      ) : null}
    </>
  );
}
