import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ModelTable } from '../components/ModelTable';
import { LLM_PATHS, LLM_TITLES, MODEL_LIST_TEXT as TEXT } from '../constants';

/** /model: the models the user may see and manage. */
export default function ModelListPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={LLM_TITLES.list}
        description={TEXT.description}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(LLM_PATHS.create)}>
            {TEXT.create}
          </Button>
        }
      />
      <Card>
        <ModelTable />
      </Card>
    </>
  );
}
