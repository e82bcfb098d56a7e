import type { KnowledgeBase } from '@agent-platform/contracts';
import { DatabaseOutlined, FileTextOutlined, GlobalOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { NameTag } from '../../../components/NameTag';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { formatNumber } from '../../../lib/format';
import { KB_LIST_TEXT as TEXT, KB_PATHS, KB_TOAST } from '../constants';
import { useDeleteKb, useSetKbPublic } from '../queries';
import styles from './KnowledgeBase.module.css';

interface KbCardProps {
  kb: KnowledgeBase;
  onEdit: (kb: KnowledgeBase) => void;
  showOwner: boolean;
}

export function VisibilityTag({ isPublic }: { isPublic: boolean }) {
  return isPublic ? (
    <Tag color="processing" icon={<GlobalOutlined />}>
      {TEXT.publicBadge}
    </Tag>
  ) : (
    <Tag icon={<LockOutlined />}>{TEXT.privateBadge}</Tag>
  );
}

/** 编辑 · 发布/取消发布 · 删除, for the owner and administrators. */
export function KbActions({ kb, onEdit, onDeleted }: Pick<KbCardProps, 'kb' | 'onEdit'> & { onDeleted?: () => void }) {
  const publish = useSetKbPublic();
  const remove = useDeleteKb();
  const hint = kb.editable ? undefined : TEXT.noEditRight;
  const togglePublic = () =>
    publish.mutate(
      { kbId: kb.id, isPublic: !kb.is_public },
      {
        onSuccess: () => toast.success(kb.is_public ? KB_TOAST.withheld : KB_TOAST.published, { description: kb.name }),
        onError: (error) => toast.error(KB_TOAST.failed, { description: error.message }),
      },
    );
  return (
    <Flex gap={0} wrap>
      <Button type="link" size="small" disabled={!kb.editable} title={hint} onClick={() => onEdit(kb)}>
        {TEXT.edit}
      </Button>
      <Button type="link" size="small" disabled={!kb.editable} title={hint} loading={publish.isPending} onClick={togglePublic}>
        {kb.is_public ? TEXT.withhold : TEXT.publish}
      </Button>
      <ConfirmDeleteButton
        title={TEXT.deleteConfirm}
        description={TEXT.deleteConfirmDescription}
        onDelete={() => remove.mutateAsync(kb.id).then(onDeleted)}
        pending={remove.isPending}
        successToast={KB_TOAST.deleted}
        failureToast={KB_TOAST.failed}
        subject={kb.name}
        disabled={!kb.editable}
        disabledHint={TEXT.noEditRight}
      />
    </Flex>
  );
}

/** One knowledge base in the list: what it holds, how it retrieves, who sees it. */
export function KbCard({ kb, onEdit, showOwner }: KbCardProps) {
  return (
    <Card
      className={styles.card}
      data-testid="kb-card"
      title={
        <Link to={KB_PATHS.detail(kb.id)} className={styles.cardTitle} title={kb.name}>
          <DatabaseOutlined /> {kb.name}
        </Link>
      }
      extra={<VisibilityTag isPublic={kb.is_public} />}
      actions={kb.editable ? [<KbActions key="actions" kb={kb} onEdit={onEdit} />] : undefined}
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: kb.description }} className={styles.description}>
        {kb.description || TEXT.noDescription}
      </Typography.Paragraph>
      <Flex gap={4} wrap className={styles.tags}>
        {kb.tags.map((tag) => (
          <NameTag key={tag} name={tag} color="blue" bordered={false} />
        ))}
        {kb.needs_reindex ? <Tag color="warning">{TEXT.needsReindex}</Tag> : null}
      </Flex>
      <Flex gap={16} wrap className={styles.stats}>
        <span>
          <FileTextOutlined /> {TEXT.docs} {formatNumber(kb.doc_count)}
        </span>
        <span>
          {TEXT.segments} {formatNumber(kb.segment_count)}
        </span>
        <Typography.Text type="secondary" ellipsis className={styles.model} title={kb.embedding_model ? `${TEXT.embedding}：${kb.embedding_model}` : undefined}>
          {kb.embedding_model ?? TEXT.noEmbedding}
        </Typography.Text>
        {showOwner ? (
          <Typography.Text type="secondary">
            {TEXT.owner}：{kb.owner_name}
          </Typography.Text>
        ) : null}
      </Flex>
    </Card>
  );
}
