import type { ListServicesBody, McpService } from '@agent-platform/contracts';
import { PlusOutlined, ToolOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CardGrid } from '../../../components/CardGrid';
import { ListToolbar } from '../../../components/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { TagFilter } from '../../tools/reuse';
import { FunctionsDrawer } from '../components/FunctionsDrawer';
import { ServiceCard } from '../components/ServiceCard';
import { SERVICE_LIST_TEXT as TEXT, SERVICE_PATHS, SERVICE_TITLES } from '../constants';
import { useServices } from '../queries';

/** /service: the MCP services the user may use, as cards. */
export default function ServiceListPage() {
  const navigate = useNavigate();
  const { query, filter, pagination } = usePagedQuery<ListServicesBody>();
  const services = useServices(query);
  const [listing, setListing] = useState<McpService | null>(null);
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
        <CardGrid
          query={services}
          items={services.data?.list ?? []}
          itemKey={(service) => service.id}
          renderCard={(service) => <ServiceCard service={service} onListFunctions={setListing} />}
          empty={filtered ? TEXT.emptyFiltered : TEXT.empty}
          pagination={pagination(services.data?.total)}
        />
      </Card>
      <FunctionsDrawer service={listing} onClose={() => setListing(null)} />
    </>
  );
}
