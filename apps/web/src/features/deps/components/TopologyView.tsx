import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import type { DepsReport, Topology } from '@agent-platform/contracts';
import { Button, Empty, Flex, Select, Tooltip } from 'antd';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { TOPOLOGY_KIND_LABELS, TOPOLOGY_TEXT as TEXT } from '../constants';
import { highlightedEdges, layoutTopology } from '../topology-layout';
import { ImpactPanel } from './ImpactPanel';
import styles from './Topology.module.css';
import { TopologyFilters, passes, type TopologyFilter } from './TopologyFilters';
import { TopologyGraph } from './TopologyGraph';
import { TopologyLegend } from './TopologyLegend';

const ZOOM = { min: 0.4, max: 1.6, step: 0.2 };
const clampZoom = (zoom: number) => Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(zoom * 10) / 10));
/** The box is as tall as the drawing, within limits: a small graph leaves no empty page below it. */
const canvasHeight = (drawing: number) => Math.max(280, Math.min(600, drawing + 4));
/** The zoom at which a drawing this wide fits the box (never above 100%). */
const fittingZoom = (width: number, room: number) => (width <= room ? 1 : clampZoom(Math.floor((room / width) * 10) / 10));

/** The topology with filters, the selected thing's dependants lit, and the things `system/deps` found down marked. */
export function TopologyView({ topology, deps }: { topology: Topology; deps: DepsReport | undefined }) {
  const [filter, setFilter] = useState<TopologyFilter>({ kinds: [] });
  const [selected, setSelected] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const canvas = useRef<HTMLDivElement>(null);
  const fitted = useRef(false);

  const byKey = useMemo(() => new Map(topology.nodes.map((node) => [node.key, node])), [topology]);
  const broken = useMemo(() => new Map((deps?.items ?? []).filter((item) => item.status === 'down' && byKey.has(item.key)).map((item) => [item.key, item.error ?? ''])), [deps, byKey]);
  const visible = useMemo(() => topology.nodes.filter((node) => passes(node, filter) || node.key === selected), [topology, filter, selected]);
  const layout = useMemo(() => layoutTopology(visible, topology.edges), [visible, topology]);

  // The whole graph in view at first, as far as the zoom allows; after that the zoom is the viewer's.
  useLayoutEffect(() => {
    if (fitted.current || !canvas.current || layout.nodes.length === 0) return;
    fitted.current = true;
    setZoom(fittingZoom(layout.width, canvas.current.clientWidth));
  }, [layout]);

  const node = selected ? byKey.get(selected) : undefined;
  const dependantKeys = new Set(node?.dependants ?? []);
  const dependants = (node?.dependants ?? []).flatMap((key) => byKey.get(key) ?? []);
  const shown = new Set(visible.map((entry) => entry.key));

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <TopologyFilters nodes={topology.nodes} filter={filter} onChange={setFilter} />
        <Select<string>
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder={TEXT.find}
          aria-label={TEXT.find}
          style={{ width: 240 }}
          value={selected ?? undefined}
          onChange={(key) => setSelected(key ?? null)}
          options={visible.map((entry) => ({ value: entry.key, label: `${entry.name}（${TOPOLOGY_KIND_LABELS[entry.kind]}）` }))}
          data-testid="topology-find"
        />
        <Flex gap={2}>
          <Tooltip title={TEXT.zoomOut}>
            <Button size="small" icon={<MinusOutlined />} aria-label={TEXT.zoomOut} disabled={zoom <= ZOOM.min} onClick={() => setZoom(clampZoom(zoom - ZOOM.step))} />
          </Tooltip>
          <Tooltip title={TEXT.zoomReset}>
            <Button size="small" aria-label={TEXT.zoomReset} onClick={() => setZoom(1)}>{`${Math.round(zoom * 100)}%`}</Button>
          </Tooltip>
          <Tooltip title={TEXT.zoomIn}>
            <Button size="small" icon={<PlusOutlined />} aria-label={TEXT.zoomIn} disabled={zoom >= ZOOM.max} onClick={() => setZoom(clampZoom(zoom + ZOOM.step))} />
          </Tooltip>
        </Flex>
      </Flex>
      <div className={styles.layout}>
        <Flex vertical gap={8}>
          <div className={styles.canvas} ref={canvas} style={{ height: canvasHeight(layout.height * zoom) }}>
            {visible.length === 0 ? (
              <Empty style={{ marginTop: 120 }} description={TEXT.empty} />
            ) : (
              <TopologyGraph
                layout={layout}
                edges={topology.edges}
                zoom={zoom}
                selected={selected}
                dependants={dependantKeys}
                litEdges={selected ? highlightedEdges(selected, dependantKeys, topology.edges) : new Set()}
                broken={broken}
                onSelect={setSelected}
              />
            )}
          </div>
          <TopologyLegend />
        </Flex>
        <ImpactPanel
          node={node}
          dependants={dependants}
          hidden={dependants.filter((entry) => !shown.has(entry.key)).length}
          brokenReason={selected ? broken.get(selected) : undefined}
          onClear={() => setSelected(null)}
        />
      </div>
    </Flex>
  );
}
