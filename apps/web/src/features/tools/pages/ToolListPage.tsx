import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ToolTable } from '../components/ToolTable';
import { TOOL_LIST_TABS, TOOL_LIST_TEXT as TEXT, TOOL_PATHS, TOOL_TITLES } from '../constants';

const DEFAULT_TAB = { kind: 'llm', path: TOOL_PATHS.list, label: '' } as const;

/** /tool/llm, /tool/llm/kb, /tool/llm/db, /tool/llm/multimodal, /tool/service, /tool/builtin: one tab per kind. */
export default function ToolListPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = TOOL_LIST_TABS.find((tab) => tab.path === pathname.replace(/\/$/, '')) ?? DEFAULT_TAB;
  const creatable = active.kind !== 'builtin';
  const body = <ToolTable key={active.kind} kind={active.kind} />;

  return (
    <>
      <PageHeader
        title={TOOL_TITLES.list}
        description={TEXT.description}
        extra={
          <Flex gap={8}>
            {active.kind === 'service' ? (
              <Button icon={<ApiOutlined />} onClick={() => navigate(TOOL_PATHS.services)}>
                {TEXT.goServices}
              </Button>
            ) : null}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(TOOL_PATHS.create(creatable ? active.kind : undefined))}>
              {TEXT.create}
            </Button>
          </Flex>
        }
      />
      <Card>
        <Tabs activeKey={active.path} items={TOOL_LIST_TABS.map((tab) => ({ key: tab.path, label: tab.label }))} onChange={(path) => navigate(path)} />
        {body}
      </Card>
    </>
  );
}
