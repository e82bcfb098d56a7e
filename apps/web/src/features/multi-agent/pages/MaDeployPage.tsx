import { Alert, Result, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { DeployPanels } from '../../agents/reuse';
import { MaActions } from '../components/MaActions';
import { MA_DEPLOY_TEXT as TEXT, MA_PATHS, MA_TITLES } from '../constants';
import { useSetup } from '../queries';

/** /multi-agent/dep/:id — API keys, the OpenAI-compatible call and the embed snippet of one setup (its owner's page). */
export default function MaDeployPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const setup = useSetup(id);
  if (setup.isPending) return <Skeleton active />;
  if (setup.isError) return <Alert type="error" showIcon title={setup.error.message} />;
  if (!setup.data.editable) return <Result status="403" title={MA_TITLES.deploy} subTitle={TEXT.notEditable} />;
  return (
    <DeployPanels
      subject={setup.data}
      title={MA_TITLES.deploy}
      text={TEXT}
      listPath={MA_PATHS.list}
      notPublishedTone="warning"
      actions={<MaActions setup={setup.data} hide="deploy" onDeleted={() => navigate(MA_PATHS.list)} />}
    />
  );
}
