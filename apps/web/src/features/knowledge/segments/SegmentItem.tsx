import type { KbSegment } from '@agent-platform/contracts';
import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { KB_SEGMENT_TEXT as TEXT, KB_TOAST } from '../constants';
import { useUpdateSegment } from '../queries';
import styles from './Segments.module.css';

/** Where a segment sits: its document, then the headings above it. */
export function SegmentPath({ docName, headings }: { docName: string; headings: string[] }) {
  return (
    <Typography.Text type="secondary" className={styles.path} ellipsis>
      {[docName, ...headings].join(' › ')}
    </Typography.Text>
  );
}

/** One segment; its owner edits the text in place (it is re-indexed on save). */
export function SegmentItem({ segment, editable }: { segment: KbSegment; editable: boolean }) {
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateSegment();
  const save = () => {
    if (draft === null || !draft.trim()) return;
    update.mutate(
      { segment_id: segment.id, text: draft },
      {
        onSuccess: () => {
          toast.success(KB_TOAST.segmentSaved);
          setDraft(null);
        },
        onError: (error) => toast.error(KB_TOAST.failed, { description: error.message }),
      },
    );
  };
  return (
    <div className={styles.segment} data-testid="kb-segment">
      <Flex align="center" gap={8} className={styles.segmentHeader}>
        <Tag color="blue" bordered={false}>
          {TEXT.seq(segment.seq)}
        </Tag>
        <SegmentPath docName={segment.doc_name} headings={segment.headings} />
        <Typography.Text type="secondary" className={styles.chars}>
          {TEXT.chars(segment.text.length)}
        </Typography.Text>
        {editable && draft === null ? (
          <Button type="text" size="small" icon={<EditOutlined />} onClick={() => setDraft(segment.text)} aria-label={`${TEXT.edit} ${TEXT.seq(segment.seq)}`}>
            {TEXT.edit}
          </Button>
        ) : null}
      </Flex>
      {draft === null ? (
        <Typography.Paragraph className={styles.text}>{segment.text}</Typography.Paragraph>
      ) : (
        <Flex vertical gap={8}>
          <Input.TextArea value={draft} onChange={(event) => setDraft(event.target.value)} autoSize={{ minRows: 3, maxRows: 14 }} maxLength={10_000} aria-label={TEXT.editLabel} />
          <Flex gap={8} justify="flex-end">
            <Button onClick={() => setDraft(null)} disabled={update.isPending}>
              {TEXT.cancel}
            </Button>
            <Button type="primary" onClick={save} loading={update.isPending} disabled={!draft.trim()}>
              {TEXT.save}
            </Button>
          </Flex>
        </Flex>
      )}
    </div>
  );
}
