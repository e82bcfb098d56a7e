import type { KnowledgeBase } from '@agent-platform/contracts';
import { MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useCreatedModel } from '../../llm';
import { KbFormModal } from '../components/KbFormModal';
import { KbGrid } from '../components/KbGrid';
import { KB_LIST_TEXT as TEXT, KB_PATHS, KB_TITLES } from '../constants';

type Editing = { kb?: KnowledgeBase } | null;

/** /kb: my knowledge bases and the public ones; create, edit, publish, delete. */
export default function KbListPage() {
  const navigate = useNavigate();
  // Back from creating a model for a new knowledge base: its form opens again with the model chosen.
  const createdModel = useCreatedModel();
  const [editing, setEditing] = useState<Editing>(createdModel ? {} : null);
  const edit = (kb: KnowledgeBase) => setEditing({ kb });

  return (
    <>
      <PageHeader
        title={KB_TITLES.list}
        description={TEXT.description}
        extra={
          <Flex gap={8}>
            <Button icon={<MessageOutlined />} onClick={() => navigate(KB_PATHS.chat)}>
              {TEXT.chat}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {TEXT.create}
            </Button>
          </Flex>
        }
      />
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            { key: 'mine', label: TEXT.mine, children: <KbGrid scope="mine" onEdit={edit} /> },
            { key: 'public', label: TEXT.public, children: <KbGrid scope="public" onEdit={edit} /> },
          ]}
        />
      </Card>
      <KbFormModal
        open={editing !== null}
        kb={editing?.kb}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          if (!editing?.kb) navigate(KB_PATHS.detail(saved.id));
        }}
      />
    </>
  );
}
