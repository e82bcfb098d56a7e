import type { KnowledgeBase, ListKbsBody } from '@agent-platform/contracts';
import { Alert, Col, Empty, Flex, Pagination, Row, Skeleton } from 'antd';
import { TagSelect } from '../../tags';
import { ListToolbar } from '../../../components/ListToolbar';
import { usePagedQuery } from '../../../lib/use-paged-query';
import type { KbScope } from '../api';
import { KB_LIST_TEXT as TEXT } from '../constants';
import { useKbs } from '../queries';
import { KbCard } from './KbCard';
import styles from './KnowledgeBase.module.css';

interface KbGridProps {
  scope: KbScope;
  onEdit: (kb: KnowledgeBase) => void;
}

/** The knowledge bases of one tab as cards: search by keyword and tag, paged on the server. */
export function KbGrid({ scope, onEdit }: KbGridProps) {
  const { query, filter, pagination } = usePagedQuery<ListKbsBody>();
  const kbs = useKbs(scope, query);
  const filtered = !!(query.keyword || query.tag);
  const paging = pagination(kbs.data?.total);
  const list = kbs.data?.list ?? [];

  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.searchPlaceholder} onSearch={(keyword) => filter({ keyword })}>
        <TagSelect
          tagType="kb"
          placeholder={TEXT.tagFilterPlaceholder}
          aria-label={TEXT.tagFilter}
          style={{ width: 200 }}
          value={query.tag}
          onChange={(tag) => filter({ tag: typeof tag === 'string' && tag ? tag : undefined })}
        />
      </ListToolbar>
      {kbs.isError ? <Alert type="error" showIcon title={kbs.error.message} style={{ marginBottom: 16 }} /> : null}
      {kbs.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {kbs.isSuccess && list.length === 0 ? (
        <Empty description={filtered ? TEXT.emptyFiltered : scope === 'mine' ? TEXT.empty : TEXT.emptyPublic} />
      ) : null}
      <Row gutter={[16, 16]} className={styles.grid}>
        {list.map((kb) => (
          <Col key={kb.id} xs={24} md={12} xl={8} xxl={6}>
            <KbCard kb={kb} onEdit={onEdit} showOwner={scope === 'public'} />
          </Col>
        ))}
      </Row>
      {list.length > 0 ? (
        <Flex className={styles.pager}>
          <Pagination {...paging} />
        </Flex>
      ) : null}
    </>
  );
}
