import { Button, Checkbox, Flex, Input, Switch, Typography } from 'antd';
import { MA_EDITOR_TEXT as TEXT } from '../constants';
import type { CanvasMember, GraphAction } from './graph-state';

interface NodePanelProps {
  member: CanvasMember;
  isStart: boolean;
  dispatch: (action: GraphAction) => void;
}

/** The selected member: when to hand to it, its confirmation override, the start, removal. */
export function NodePanel({ member, isStart, dispatch }: NodePanelProps) {
  const { agent_id: agentId, hitl } = member;
  return (
    <Flex vertical gap={10} data-testid="ma-node-panel">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {member.agent_name}
      </Typography.Title>
      <label>
        <Typography.Text>{TEXT.note}</Typography.Text>
        <Input.TextArea
          rows={3}
          maxLength={500}
          value={member.note}
          placeholder={TEXT.notePlaceholder}
          aria-label={TEXT.note}
          onChange={(event) => dispatch({ type: 'setNote', agentId, note: event.target.value })}
        />
      </label>
      <Flex align="center" gap={8}>
        <Switch
          size="small"
          checked={hitl !== null}
          aria-label={TEXT.hitlOverride}
          onChange={(on) => dispatch({ type: 'setHitl', agentId, hitl: on ? { action_confirm: true, observation_confirm: false } : null })}
        />
        <Typography.Text>{TEXT.hitlOverride}</Typography.Text>
      </Flex>
      {hitl ? (
        <Flex vertical gap={4}>
          <Checkbox checked={hitl.action_confirm} onChange={(event) => dispatch({ type: 'setHitl', agentId, hitl: { ...hitl, action_confirm: event.target.checked } })}>
            {TEXT.actionConfirm}
          </Checkbox>
          <Checkbox checked={hitl.observation_confirm} onChange={(event) => dispatch({ type: 'setHitl', agentId, hitl: { ...hitl, observation_confirm: event.target.checked } })}>
            {TEXT.observationConfirm}
          </Checkbox>
        </Flex>
      ) : null}
      <Flex gap={8}>
        <Button size="small" disabled={isStart} onClick={() => dispatch({ type: 'setStart', agentId })}>
          {TEXT.setStart}
        </Button>
        <Button size="small" danger onClick={() => dispatch({ type: 'removeMember', agentId })}>
          {TEXT.remove}
        </Button>
      </Flex>
    </Flex>
  );
}
