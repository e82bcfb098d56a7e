import type { ListAgentsBody } from '@agent-platform/contracts';
import { Alert, Col, Empty, Flex, Pagination, Row, Skeleton } from 'antd';
import { ListToolbar } from '../../../components/ListToolbar';
import { usePagedQuery } from '../../../lib/use-paged-query';
import type { AgentScope } from '../api';
import { AGENT_LIST_TEXT as TEXT } from '../constants';
import { useAgents } from '../queries';
import { AgentCard } from './AgentCard';
import styles from './Agents.module.css';
import { AgentTagSelect } from './AgentTagSelect';

/** The agents of one tab as cards: search by keyword and tag, paged on the server. */
export function AgentGrid({ scope }: { scope: AgentScope }) {
  const { query, filter, pagination } = usePagedQuery<ListAgentsBody>();
  const agents = useAgents(scope, query);
  const filtered = !!(query.keyword || query.tag);
  const list = agents.data?.list ?? [];

  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.searchPlaceholder} onSearch={(keyword) => filter({ keyword })}>
        <AgentTagSelect
          aria-label={TEXT.tagFilter}
          placeholder={TEXT.allTags}
          style={{ width: 200 }}
          value={query.tag}
          onChange={(tag) => filter({ tag: typeof tag === 'string' && tag ? tag : undefined })}
        />
      </ListToolbar>
      {agents.isError ? <Alert type="error" showIcon title={agents.error.message} style={{ marginBottom: 16 }} /> : null}
      {agents.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {agents.isSuccess && list.length === 0 ? (
        <Empty description={filtered ? TEXT.emptyFiltered : scope === 'mine' ? TEXT.empty : TEXT.emptyPublic} />
      ) : null}
      <Row gutter={[16, 16]} className={styles.grid}>
        {list.map((agent) => (
          <Col key={agent.id} xs={24} md={12} xl={8} xxl={6}>
            <AgentCard agent={agent} showOwner={scope === 'public'} />
          </Col>
        ))}
      </Row>
      {list.length > 0 ? (
        <Flex className={styles.pager}>
          <Pagination {...pagination(agents.data?.total)} />
        </Flex>
      ) : null}
    </>
  );
}
