// What other features reuse of agents' pages and chat (multi-agent setups: members are agents, their
// chat is agent chat's). Kept apart from the feature's index, which the router loads on every page, so
// that the chat's code stays in the chunks of the pages that use it.
export { AgentAvatar } from '../components/AgentAvatar';
export { PublishedTag } from '../components/AgentCard';
export { useAgentChat } from '../chat/useAgentChat';
export { AgentAnswer } from '../chat/AgentAnswer';
export { hasAgentBody } from '../chat/agent-messages';
export type { SpeakerOf } from '../chat/SpeechParts';
export { QuestionComposer, useQuestion } from '../chat/QuestionComposer';
// A multi-agent setup's deploy page: its keys are made with the same calls (its id as `agent_id`).
export { DeployPanels } from '../deploy/DeployPanels';
