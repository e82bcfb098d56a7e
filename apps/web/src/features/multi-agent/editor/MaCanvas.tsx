import { Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { AgentAvatar } from '../../agents/reuse';
import { MA_EDITOR_TEXT as TEXT } from '../constants';
import { clampZoom, NODE_HEIGHT, NODE_WIDTH, scrollCentering, stageSize, viewOf, ZOOM, type Point } from './canvas-view';
import { CanvasMinimap } from './CanvasMinimap';
import { CanvasZoomControls } from './CanvasZoomControls';
import { edgeKey, type CanvasGraph, type GraphAction } from './graph-state';
import styles from './MaEditor.module.css';

export const AGENT_DRAG_TYPE = 'application/x-agent-platform-agent';

/** What the palette puts on a drag: the agent as the canvas shows it. */
interface DraggedAgent {
  id: string;
  name: string;
  avatar: string;
}

function draggedAgent(data: string): DraggedAgent | undefined {
  try {
    const value = JSON.parse(data) as Partial<DraggedAgent>;
    return typeof value.id === 'string' && typeof value.name === 'string' ? { id: value.id, name: value.name, avatar: String(value.avatar ?? '') } : undefined;
  } catch {
    return undefined;
  }
}
const scrollOf = (element: HTMLElement) => ({ scrollLeft: element.scrollLeft, scrollTop: element.scrollTop, clientWidth: element.clientWidth, clientHeight: element.clientHeight });

const ZOOM_KEYS: Record<string, (zoom: number) => number> = {
  '+': (zoom) => zoom + ZOOM.step,
  '=': (zoom) => zoom + ZOOM.step,
  '-': (zoom) => zoom - ZOOM.step,
  '0': () => 1,
};

export type CanvasSelection = { kind: 'member'; agentId: string } | { kind: 'edge'; from: string; to: string } | null;

interface MaCanvasProps {
  graph: CanvasGraph;
  dispatch: (action: GraphAction) => void;
  /** An agent dropped from the palette, at this place on the canvas. */
  onDropAgent: (agent: DraggedAgent, at: { x: number; y: number }) => void;
  selection: CanvasSelection;
  onSelect: (selection: CanvasSelection) => void;
  /** Edges drawn red (the mode does not allow them). */
  invalid: Set<string>;
  /** `supervisor`: members are not connected. */
  connectable: boolean;
}

/**
 * The setup as a canvas: members as cards placed where they were dropped or moved, edges as arrows
 * from a member's right handle to another member. Delete removes the selected member or edge; the
 * zoom (buttons, Ctrl + wheel, + - 0) keeps the middle of the view in place; a minimap shows the whole.
 */
export function MaCanvas({ graph, dispatch, onDropAgent, selection, onSelect, invalid, connectable }: MaCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<{ agentId: string; dx: number; dy: number; at: { x: number; y: number } } | null>(null);
  const [linking, setLinking] = useState<{ from: string; at: { x: number; y: number } } | null>(null);
  const [zoom, setZoom] = useState(1);
  // The scroll box's scroll and size in screen pixels: the minimap's view is these over the zoom.
  const [scroll, setScroll] = useState({ scrollLeft: 0, scrollTop: 0, clientWidth: 0, clientHeight: 0 });
  // Where the view's middle must be once the next zoom is drawn.
  const centerAfterZoom = useRef<Point | null>(null);

  const centerOn = (point: Point) => box.current?.scrollTo(scrollCentering(point, box.current, zoom));
  const zoomTo = (next: number) => {
    const element = box.current;
    if (!element || next === zoom) return;
    const current = viewOf(element, zoom);
    centerAfterZoom.current = { x: current.x + current.width / 2, y: current.y + current.height / 2 };
    setZoom(next);
  };
  useLayoutEffect(() => {
    const [element, center] = [box.current, centerAfterZoom.current];
    if (element && center) element.scrollTo(scrollCentering(center, element, zoom));
    centerAfterZoom.current = null;
  }, [zoom]);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setScroll(scrollOf(element)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // Ctrl + wheel zooms the canvas, not the page: React's wheel listener is passive and could not prevent that.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      zoomTo(clampZoom(zoom + (event.deltaY < 0 ? ZOOM.step : -ZOOM.step)));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  });

  const pointOf = (event: { clientX: number; clientY: number }) => {
    const rect = box.current!.getBoundingClientRect();
    return { x: (event.clientX - rect.left + box.current!.scrollLeft) / zoom, y: (event.clientY - rect.top + box.current!.scrollTop) / zoom };
  };
  const placeOf = (agentId: string) => (dragging?.agentId === agentId ? dragging.at : graph.members.find((member) => member.agent_id === agentId)!.position);

  const onPointerMove = (event: PointerEvent) => {
    const point = pointOf(event);
    if (dragging) setDragging({ ...dragging, at: { x: Math.max(0, point.x - dragging.dx), y: Math.max(0, point.y - dragging.dy) } });
    if (linking) setLinking({ ...linking, at: point });
  };
  const onPointerUp = () => {
    const from = dragging && graph.members.find((member) => member.agent_id === dragging.agentId)?.position;
    // A click is not a move: only a member that changed place makes a step to undo.
    if (dragging && from && (from.x !== dragging.at.x || from.y !== dragging.at.y)) dispatch({ type: 'move', agentId: dragging.agentId, to: dragging.at });
    setDragging(null);
    setLinking(null);
  };
  const onDrop = (event: DragEvent) => {
    const agent = draggedAgent(event.dataTransfer.getData(AGENT_DRAG_TYPE));
    if (!agent) return;
    event.preventDefault();
    const point = pointOf(event);
    onDropAgent(agent, { x: Math.max(0, point.x - NODE_WIDTH / 2), y: Math.max(0, point.y - NODE_HEIGHT / 2) });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const zoomKey = event.ctrlKey || event.metaKey || event.altKey ? undefined : ZOOM_KEYS[event.key];
    if (zoomKey) {
      event.preventDefault();
      zoomTo(clampZoom(zoomKey(zoom)));
      return;
    }
    if (event.key !== 'Delete' && event.key !== 'Backspace') return;
    if (selection?.kind === 'member') dispatch({ type: 'removeMember', agentId: selection.agentId });
    if (selection?.kind === 'edge') dispatch({ type: 'removeEdge', from: selection.from, to: selection.to });
    onSelect(null);
  };

  const { width, height } = stageSize(graph.members.map((member) => placeOf(member.agent_id)));
  const anchor = (agentId: string, side: 'out' | 'in') => {
    const place = placeOf(agentId);
    return { x: place.x + (side === 'out' ? NODE_WIDTH : 0), y: place.y + NODE_HEIGHT / 2 };
  };

  return (
    <div className={styles.canvasFrame}>
      <div
        ref={box}
        className={styles.canvas}
        tabIndex={0}
        role="application"
        aria-label={TEXT.canvas}
        data-testid="ma-canvas"
        data-zoom={zoom}
        onDragOver={(event) => event.preventDefault()}
        onDrop={onDrop}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={onPointerUp}
        onKeyDown={onKeyDown}
        onScroll={(event) => setScroll(scrollOf(event.currentTarget))}
        onClick={(event) => !(event.target as Element).closest('[data-testid="ma-node"], [data-testid="ma-edge"]') && onSelect(null)}
      >
        <div style={{ width: width * zoom, height: height * zoom }}>
          <div className={styles.stage} style={{ width, height, transform: `scale(${zoom})` }}>
            <svg className={styles.edges} width={width} height={height}>
              <defs>
                <marker id="ma-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
                  <path d="M 0 0 L 10 5 L 0 10 z" fill="context-stroke" />
                </marker>
              </defs>
              {graph.edges.map((edge) => {
                const [from, to] = [anchor(edge.from, 'out'), anchor(edge.to, 'in')];
                const selected = selection?.kind === 'edge' && selection.from === edge.from && selection.to === edge.to;
                const path = `M ${from.x} ${from.y} C ${from.x + 60} ${from.y}, ${to.x - 60} ${to.y}, ${to.x} ${to.y}`;
                return (
                  <g key={edgeKey(edge)} data-testid="ma-edge" data-from={edge.from} data-to={edge.to} onClick={() => onSelect({ kind: 'edge', from: edge.from, to: edge.to })}>
                    <path d={path} className={styles.edgeHit} />
                    <path d={path} className={invalid.has(edgeKey(edge)) ? styles.edgeInvalid : selected ? styles.edgeSelected : styles.edge} markerEnd="url(#ma-arrow)" />
                  </g>
                );
              })}
              {linking ? <line x1={anchor(linking.from, 'out').x} y1={anchor(linking.from, 'out').y} x2={linking.at.x} y2={linking.at.y} className={styles.edgeSelected} /> : null}
            </svg>
            {graph.members.map((member) => {
              const place = placeOf(member.agent_id);
              const selected = selection?.kind === 'member' && selection.agentId === member.agent_id;
              return (
                <div
                  key={member.agent_id}
                  className={selected ? styles.nodeSelected : styles.node}
                  style={{ left: place.x, top: place.y, width: NODE_WIDTH, height: NODE_HEIGHT }}
                  data-testid="ma-node"
                  data-agent-id={member.agent_id}
                  onPointerDown={(event) => {
                    if (event.button !== 0) return;
                    const point = pointOf(event);
                    onSelect({ kind: 'member', agentId: member.agent_id });
                    setDragging({ agentId: member.agent_id, dx: point.x - place.x, dy: point.y - place.y, at: place });
                  }}
                  onPointerUp={() => {
                    if (linking && linking.from !== member.agent_id) dispatch({ type: 'connect', from: linking.from, to: member.agent_id });
                  }}
                >
                  <AgentAvatar avatar={member.agent_avatar} size={28} />
                  <div className={styles.nodeText}>
                    <Typography.Text strong ellipsis>
                      {member.agent_name}
                    </Typography.Text>
                    {graph.start_agent_id === member.agent_id ? <span className={styles.startBadge}>{TEXT.start}</span> : null}
                  </div>
                  {connectable ? (
                    <span
                      className={styles.handle}
                      data-testid="ma-handle"
                      title={TEXT.dragHint}
                      onPointerDown={(event) => {
                        event.stopPropagation();
                        setLinking({ from: member.agent_id, at: pointOf(event) });
                      }}
                    />
                  ) : null}
                </div>
              );
            })}
          </div>
        </div>
        {graph.members.length === 0 ? <div className={styles.emptyHint}>{TEXT.dragHint}</div> : null}
      </div>
      <div className={styles.canvasOverlay}>
        {graph.members.length ? (
          <CanvasMinimap
            size={{ width, height }}
            places={graph.members.map((member) => ({
              agentId: member.agent_id,
              at: placeOf(member.agent_id),
              selected: selection?.kind === 'member' && selection.agentId === member.agent_id,
            }))}
            edges={graph.edges}
            view={viewOf(scroll, zoom)}
            onCenter={centerOn}
          />
        ) : null}
        <CanvasZoomControls zoom={zoom} onZoom={zoomTo} />
      </div>
    </div>
  );
}
