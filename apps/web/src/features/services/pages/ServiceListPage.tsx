import type { ListServicesBody, McpService } from '@agent-platform/contracts';
import { PlusOutlined, ToolOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Flex, Pagination, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListToolbar } from '../../../components/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { TagFilter } from '../../tools';
import { FunctionsDrawer } from '../components/FunctionsDrawer';
import { ServiceCard } from '../components/ServiceCard';
import styles from '../components/Service.module.css';
import { SERVICE_LIST_TEXT as TEXT, SERVICE_PATHS, SERVICE_TITLES } from '../constants';
import { useServices } from '../queries';

/** /service: the MCP services the user may use, as cards. */
export default function ServiceListPage() {
  const navigate = useNavigate();
  const { query, filter, pagination } = usePagedQuery<ListServicesBody>();
  const services = useServices(query);
  const [listing, setListing] = useState<McpService | null>(null);
  const list = services.data?.list ?? [];
  const filtered = !!(query.keyword || query.tag);

  return (
    <>
      <PageHeader
        title={SERVICE_TITLES.list}
        description={TEXT.description}
        extra={
          <Flex gap={8}>
            <Button icon={<ToolOutlined />} onClick={() => navigate(SERVICE_PATHS.tools)}>
              {TEXT.serviceTools}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(SERVICE_PATHS.create)}>
              {TEXT.create}
            </Button>
          </Flex>
        }
      />
      <Card>
        <ListToolbar searchPlaceholder={TEXT.searchPlaceholder} onSearch={(keyword) => filter({ keyword })}>
          <TagFilter tagType="service" label={TEXT.tagFilter} allLabel={TEXT.allTags} value={query.tag} onChange={(tag) => filter({ tag })} />
        </ListToolbar>
        {services.isError ? <Alert type="error" showIcon title={services.error.message} style={{ marginBottom: 16 }} /> : null}
        {services.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
        {services.isSuccess && list.length === 0 ? <Empty description={filtered ? TEXT.emptyFiltered : TEXT.empty} /> : null}
        <Row gutter={[16, 16]} className={styles.grid}>
          {list.map((service) => (
            <Col key={service.id} xs={24} md={12} xl={8} xxl={6}>
              <ServiceCard service={service} onListFunctions={setListing} />
            </Col>
          ))}
        </Row>
        {list.length > 0 ? (
          <Flex className={styles.pager}>
            <Pagination {...pagination(services.data?.total)} />
          </Flex>
        ) : null}
      </Card>
      <FunctionsDrawer service={listing} onClose={() => setListing(null)} />
    </>
  );
}
