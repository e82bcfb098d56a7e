import { MAX_PAGE_SIZE, type KnowledgeBase, type ListDocSegmentsBody } from '@agent-platform/contracts';
import { Alert, Empty, Flex, Pagination, Select, Skeleton } from 'antd';
import { ListToolbar } from '../../../components/ListToolbar';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { KB_SEGMENT_TEXT as TEXT } from '../constants';
import { useKbDocuments, useKbSegments } from '../queries';
import { SegmentItem } from './SegmentItem';

/** 分段: the segments, filtered by document and keyword, edited in place. */
export function SegmentsTab({ kb }: { kb: KnowledgeBase }) {
  const { query, filter, pagination } = usePagedQuery<Omit<ListDocSegmentsBody, 'kb_id'>>();
  const segments = useKbSegments({ ...query, kb_id: kb.id });
  const documents = useKbDocuments({ kb_id: kb.id, page: 1, page_size: MAX_PAGE_SIZE });
  const docOptions = [{ value: '', label: TEXT.allDocs }, ...(documents.data?.list ?? []).map((doc) => ({ value: doc.id, label: doc.name }))];
  const list = segments.data?.list ?? [];
  const filtered = !!(query.keyword || query.doc_id);

  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.searchPlaceholder} onSearch={(keyword) => filter({ keyword })}>
        <Select
          value={query.doc_id ?? ''}
          options={docOptions}
          aria-label={TEXT.docFilter}
          style={{ width: 240 }}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(docId: string) => filter({ doc_id: docId || undefined })}
        />
      </ListToolbar>
      {segments.isError ? <Alert type="error" showIcon title={segments.error.message} style={{ marginBottom: 16 }} /> : null}
      {segments.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {segments.isSuccess && list.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? TEXT.emptyFiltered : TEXT.empty} /> : null}
      <Flex vertical gap={12}>
        {list.map((segment) => (
          <SegmentItem key={segment.id} segment={segment} editable={kb.editable} />
        ))}
      </Flex>
      {list.length > 0 ? (
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Pagination {...pagination(segments.data?.total)} />
        </Flex>
      ) : null}
    </>
  );
}
