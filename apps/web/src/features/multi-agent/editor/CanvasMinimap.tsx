import type { MaEdge } from '@agent-platform/contracts';
import type { PointerEvent } from 'react';
import { MA_EDITOR_TEXT as TEXT } from '../constants';
import { NODE_HEIGHT, NODE_WIDTH, type Point, type ViewRect } from './canvas-view';
import styles from './MaEditor.module.css';

interface CanvasMinimapProps {
  size: { width: number; height: number };
  places: Array<{ agentId: string; at: Point; selected: boolean }>;
  edges: MaEdge[];
  view: ViewRect;
  /** A click on the map: bring this canvas point to the middle of the view. */
  onCenter: (point: Point) => void;
}

/** The whole canvas small in a corner, with the part in view outlined; clicking moves the view there. */
export function CanvasMinimap({ size, places, edges, view, onCenter }: CanvasMinimapProps) {
  const at = new Map(places.map((place) => [place.agentId, place.at]));
  const center = (event: PointerEvent<SVGSVGElement>) => {
    const svg = event.currentTarget;
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    onCenter({ x: point.x, y: point.y });
  };
  return (
    <svg
      className={styles.minimap}
      viewBox={`0 0 ${size.width} ${size.height}`}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={TEXT.minimap}
      data-testid="ma-minimap"
      onPointerDown={(event) => {
        event.stopPropagation();
        center(event);
      }}
    >
      <title>{TEXT.minimapHint}</title>
      {edges.map((edge) => {
        const [from, to] = [at.get(edge.from), at.get(edge.to)];
        return from && to ? (
          <line key={`${edge.from}>${edge.to}`} x1={from.x + NODE_WIDTH} y1={from.y + NODE_HEIGHT / 2} x2={to.x} y2={to.y + NODE_HEIGHT / 2} className={styles.minimapEdge} />
        ) : null;
      })}
      {places.map((place) => (
        <rect
          key={place.agentId}
          x={place.at.x}
          y={place.at.y}
          width={NODE_WIDTH}
          height={NODE_HEIGHT}
          rx={8}
          className={place.selected ? styles.minimapNodeSelected : styles.minimapNode}
          data-testid="ma-minimap-node"
        />
      ))}
      <rect x={view.x} y={view.y} width={view.width} height={view.height} className={styles.minimapView} data-testid="ma-minimap-view" />
    </svg>
  );
}
