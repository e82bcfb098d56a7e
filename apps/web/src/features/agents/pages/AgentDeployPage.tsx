import { useNavigate, useParams } from 'react-router';
import { AgentActions } from '../components/AgentActions';
import { EditableAgent } from '../components/EditableAgent';
import { AGENT_DEPLOY_TEXT as TEXT, AGENT_PATHS, AGENT_TITLES } from '../constants';
import { DeployPanels } from '../deploy/DeployPanels';

/** /agent/dep/:id — API keys, the OpenAI-compatible call and the embed snippet of one agent. */
export default function AgentDeployPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <EditableAgent id={id}>
      {(saved) => (
        <DeployPanels
          subject={saved}
          title={AGENT_TITLES.deploy}
          text={TEXT}
          listPath={AGENT_PATHS.list}
          notPublishedTone="info"
          actions={<AgentActions agent={saved} hide="deploy" onDeleted={() => navigate(AGENT_PATHS.list)} />}
        />
      )}
    </EditableAgent>
  );
}
