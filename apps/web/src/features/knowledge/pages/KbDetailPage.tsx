import { Button, Card, Result, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCreatedModel } from '../../llm';
import { KbFormModal } from '../components/KbFormModal';
import { KbHeader } from '../components/KbHeader';
import { KB_DETAIL_TEXT as TEXT, KB_PATHS } from '../constants';
import { DictionaryTab } from '../dictionary/DictionaryTab';
import { DocumentsTab } from '../documents/DocumentsTab';
import { useKb } from '../queries';
import { RetrievalTestPanel } from '../search/RetrievalTestPanel';
import { SegmentsTab } from '../segments/SegmentsTab';

/** /kb/detail/:id — documents (live ingestion), segments, the retrieval test and the user dictionary. */
export default function KbDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const kb = useKb(id);
  // Back from creating a model for this knowledge base: its form opens again with the model chosen.
  const createdModel = useCreatedModel();
  const [editing, setEditing] = useState(createdModel !== undefined);

  if (kb.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (kb.isError || !kb.data) {
    return (
      <Result
        status="404"
        title={TEXT.notFound}
        subTitle={kb.error?.message}
        extra={
          <Button type="primary" onClick={() => navigate(KB_PATHS.list)}>
            {TEXT.back}
          </Button>
        }
      />
    );
  }
  const current = kb.data;
  return (
    <>
      <KbHeader kb={current} onEdit={() => setEditing(true)} />
      <Card>
        <Tabs
          items={[
            { key: 'docs', label: TEXT.docsTab, children: <DocumentsTab kb={current} /> },
            { key: 'segments', label: TEXT.segmentsTab, children: <SegmentsTab kb={current} />, destroyOnHidden: true },
            { key: 'search', label: TEXT.searchTab, children: <RetrievalTestPanel kb={current} /> },
            { key: 'dictionary', label: TEXT.dictionaryTab, children: <DictionaryTab kb={current} />, destroyOnHidden: true },
          ]}
        />
      </Card>
      <KbFormModal open={editing} kb={current} onClose={() => setEditing(false)} />
    </>
  );
}
