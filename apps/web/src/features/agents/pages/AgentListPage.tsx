import { ScopedListPage } from '../../../components/ScopedListPage';
import { AgentGrid } from '../components/AgentGrid';
import { AGENT_LIST_TEXT, AGENT_PATHS, AGENT_TITLES } from '../constants';

/** /agent: my agents and the published ones. */
export default function AgentListPage() {
  return <ScopedListPage title={AGENT_TITLES.list} text={AGENT_LIST_TEXT} createPath={AGENT_PATHS.create} grid={(scope) => <AgentGrid scope={scope} />} />;
}
