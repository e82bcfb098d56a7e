import type { KnowledgeBase } from '@agent-platform/contracts';
import { ArrowLeftOutlined, MessageOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { KB_DETAIL_TEXT as TEXT, KB_FORM_TEXT, KB_LIST_TEXT, KB_PATHS } from '../constants';
import { ReindexButton } from '../documents/ReindexButton';
import { KbActions, VisibilityTag } from './KbCard';

interface KbHeaderProps {
  kb: KnowledgeBase;
  onEdit: (kb: KnowledgeBase) => void;
}

/** The knowledge base's name, settings and counts, with what its owner may do to it. */
export function KbHeader({ kb, onEdit }: KbHeaderProps) {
  const navigate = useNavigate();
  return (
    <Card style={{ marginBottom: 16 }}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Flex align="center" gap={8} wrap>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={TEXT.back} title={TEXT.back} onClick={() => navigate(KB_PATHS.list)} />
            <Typography.Title level={4} style={{ margin: 0 }}>
              {kb.name}
            </Typography.Title>
            <VisibilityTag isPublic={kb.is_public} />
            {kb.tags.map((tag) => (
              <Tag key={tag} color="blue" bordered={false}>
                {tag}
              </Tag>
            ))}
          </Flex>
          <Typography.Text type="secondary">{kb.description || KB_LIST_TEXT.noDescription}</Typography.Text>
        </Flex>
        <Flex gap={8} wrap align="center">
          <Button icon={<MessageOutlined />} onClick={() => navigate(`${KB_PATHS.chat}?kb_id=${kb.id}`)}>
            {KB_LIST_TEXT.chat}
          </Button>
          {kb.editable ? <ReindexButton kbId={kb.id} /> : null}
          {kb.editable ? <KbActions kb={kb} onEdit={onEdit} onDeleted={() => navigate(KB_PATHS.list)} /> : null}
        </Flex>
      </Flex>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} style={{ marginTop: 16 }}>
        <Descriptions.Item label={KB_LIST_TEXT.docs}>{formatNumber(kb.doc_count)}</Descriptions.Item>
        <Descriptions.Item label={KB_LIST_TEXT.segments}>{formatNumber(kb.segment_count)}</Descriptions.Item>
        <Descriptions.Item label={KB_FORM_TEXT.embeddingModel}>{kb.embedding_model ?? KB_LIST_TEXT.noEmbedding}</Descriptions.Item>
        <Descriptions.Item label={KB_FORM_TEXT.rerankModel}>{kb.rerank_model ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={TEXT.chunkingLabel}>{TEXT.chunking(kb.chunk_size, kb.chunk_overlap)}</Descriptions.Item>
        <Descriptions.Item label={KB_LIST_TEXT.owner}>{kb.owner_name}</Descriptions.Item>
        <Descriptions.Item label={TEXT.updatedAt}>{formatDateTime(kb.updated_at)}</Descriptions.Item>
      </Descriptions>
      {kb.fulltext_pending ? (
        <Alert type="info" showIcon title={TEXT.fulltextPending(formatNumber(kb.fulltext_pending))} style={{ marginTop: 12 }} />
      ) : kb.needs_reindex && kb.editable ? (
        <Alert type="warning" showIcon title={TEXT.needsReindex} style={{ marginTop: 12 }} />
      ) : null}
      {kb.vector_pending ? <Alert type="info" showIcon title={TEXT.vectorPending(formatNumber(kb.vector_pending))} style={{ marginTop: 12 }} /> : null}
      {!kb.editable ? <Alert type="info" showIcon title={TEXT.readOnly} style={{ marginTop: 12 }} /> : null}
    </Card>
  );
}
