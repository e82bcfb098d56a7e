import { maGraphProblems, type AgentInfo, type CreateMaBody, type MaInfo } from '@agent-platform/contracts';
import { ApartmentOutlined, RedoOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Space, Tabs, Tooltip } from 'antd';
import { useMemo, useReducer, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { MA_EDITOR_TEXT as TEXT, MA_PATHS, MA_TOAST } from '../constants';
import { useCreateSetup, useUpdateSetup } from '../queries';
import { AgentPalette } from './AgentPalette';
import { canvasGraphOf, emptyGraph, graphHistory, invalidEdges, type GraphAction, type HistoryAction } from './graph-state';
import { MaCanvas, type CanvasSelection } from './MaCanvas';
import styles from './MaEditor.module.css';
import { MaPreview } from './MaPreview';
import { NodePanel } from './NodePanel';
import { defaultFields, fieldsOf, type SetupFields } from './setup-fields';
import { SetupForm } from './SetupForm';

/** What is saved: the fields and the graph (a `supervisor` setup keeps no edges). */
function bodyOf(fields: SetupFields, graph: ReturnType<typeof emptyGraph>): CreateMaBody {
  const supervising = fields.mode === 'supervisor';
  return {
    ...fields,
    supervisor: supervising ? fields.supervisor : null,
    members: graph.members.map(({ agent_id, note, hitl, position }) => ({ agent_id, note, hitl, position })),
    edges: supervising ? [] : graph.edges,
    start_agent_id: graph.start_agent_id,
  };
}

/** The canvas editor of a setup: agents dragged in and connected, the selected member or the setup edited beside it. */
export function MaEditor({ setup }: { setup?: MaInfo }) {
  const navigate = useNavigate();
  const unsaved = useUnsavedChanges();
  const create = useCreateSetup();
  const update = useUpdateSetup();
  const [fields, setFields] = useState<SetupFields>(() => (setup ? fieldsOf(setup) : defaultFields()));
  const [history, dispatchHistory] = useReducer(graphHistory, undefined, () => ({ past: [], present: setup ? canvasGraphOf(setup) : emptyGraph(), future: [] }));
  const [selection, setSelection] = useState<CanvasSelection>(null);
  const graph = history.present;
  const dispatch = (action: HistoryAction) => {
    dispatchHistory(action);
    unsaved.markChanged();
  };
  const add = (agent: Pick<AgentInfo, 'id' | 'name' | 'avatar'>, at = { x: 40 + graph.members.length * 30, y: 40 + graph.members.length * 30 }) =>
    dispatch({ type: 'add', agent: { id: agent.id, name: agent.name, avatar: agent.avatar }, at });

  const names = useMemo(() => new Map(graph.members.map((member) => [member.agent_id, member.agent_name])), [graph.members]);
  // The preview can answer without a name (it shows one of its own); saving cannot.
  const graphProblems = graph.members.length
    ? maGraphProblems({ ...fields, ...graph, supervisor: fields.mode === 'supervisor' ? fields.supervisor : null }, (id) => names.get(id) ?? id)
    : ['请至少添加一个成员智能体'];
  const problems = [...(fields.name.trim() ? [] : ['请输入多智能体名称']), ...graphProblems];
  const invalid = useMemo(() => invalidEdges(fields.mode, graph.edges), [fields.mode, graph.edges]);
  const selected = selection?.kind === 'member' ? graph.members.find((member) => member.agent_id === selection.agentId) : undefined;
  const saving = create.isPending || update.isPending;
  const changeFields = (next: SetupFields) => {
    setFields(next);
    unsaved.markChanged();
  };

  const save = async () => {
    const body = bodyOf(fields, graph);
    try {
      const saved = setup ? await update.mutateAsync({ id: setup.id, ...body }) : await create.mutateAsync(body);
      unsaved.markSaved();
      toast.success(setup ? MA_TOAST.saved : MA_TOAST.created, { description: saved.name });
      if (!setup) navigate(MA_PATHS.edit(saved.id), { replace: true });
    } catch (error) {
      toast.error(MA_TOAST.failed, { description: (error as Error).message });
    }
  };

  return (
    <Card
      title={TEXT.canvas}
      extra={
        <Space>
          <Tooltip title={TEXT.undo}>
            <Button icon={<UndoOutlined />} aria-label={TEXT.undo} disabled={!history.past.length} onClick={() => dispatch({ type: 'undo' })} />
          </Tooltip>
          <Tooltip title={TEXT.redo}>
            <Button icon={<RedoOutlined />} aria-label={TEXT.redo} disabled={!history.future.length} onClick={() => dispatch({ type: 'redo' })} />
          </Tooltip>
          <Button icon={<ApartmentOutlined />} onClick={() => dispatch({ type: 'layout' })}>
            {TEXT.autoLayout}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={problems.length > 0} onClick={() => void save()}>
            {TEXT.save}
          </Button>
        </Space>
      }
    >
      <div
        className={styles.layout}
        onKeyDown={(event) => {
          if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z' || (event.target as HTMLElement).closest('input, textarea')) return;
          event.preventDefault();
          dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
        }}
      >
        <AgentPalette usedIds={new Set(graph.members.map((member) => member.agent_id))} onAdd={(agent) => add(agent)} />
        <Flex vertical gap={12}>
          <MaCanvas
            graph={graph}
            dispatch={(action: GraphAction) => dispatch(action)}
            onDropAgent={add}
            selection={selection}
            onSelect={setSelection}
            invalid={invalid}
            connectable={fields.mode !== 'supervisor'}
          />
          {fields.mode === 'supervisor' ? <Alert type="info" showIcon title={TEXT.supervisorNoEdges} /> : null}
          {problems.length ? (
            <Alert
              type="warning"
              showIcon
              title={TEXT.problems}
              data-testid="ma-problems"
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              }
            />
          ) : null}
        </Flex>
        <div className={styles.side}>
          {/* The preview stays mounted on the settings tab: its conversation goes on after a change. */}
          <Tabs
            size="small"
            items={[
              {
                key: 'settings',
                label: TEXT.settings,
                children: selected ? (
                  <NodePanel member={selected} isStart={graph.start_agent_id === selected.agent_id} dispatch={dispatch} />
                ) : (
                  <SetupForm value={fields} onChange={changeFields} />
                ),
              },
              {
                key: 'preview',
                label: TEXT.preview,
                forceRender: true,
                children: <MaPreview setupId={setup?.id} draft={bodyOf(fields, graph)} members={graph.members} problems={graphProblems} />,
              },
            ]}
          />
        </div>
      </div>
      <UnsavedChangesPrompt blocker={unsaved.blocker} />
    </Card>
  );
}
