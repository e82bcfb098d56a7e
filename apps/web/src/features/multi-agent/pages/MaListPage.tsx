import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { MaGrid } from '../components/MaGrid';
import { MA_LIST_TEXT as TEXT, MA_PATHS, MA_TITLES } from '../constants';

/** /multi-agent: my setups and the published ones. */
export default function MaListPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={MA_TITLES.list}
        description={TEXT.description}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(MA_PATHS.create)}>
            {TEXT.create}
          </Button>
        }
      />
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            { key: 'mine', label: TEXT.mine, children: <MaGrid scope="mine" /> },
            { key: 'public', label: TEXT.public, children: <MaGrid scope="public" /> },
          ]}
        />
      </Card>
    </>
  );
}
