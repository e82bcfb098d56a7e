import type { AssetChart } from '@agent-platform/contracts';
import { theme } from 'antd';

const WIDTH = 560;
const HEIGHT = 240;
const PAD = { left: 56, right: 16, top: 12, bottom: 48 };
const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#eb2f96', '#13c2c2', '#722ed1', '#fa541c', '#2f54eb'];

interface ResultChartProps {
  chart: AssetChart;
  columns: string[];
  rows: unknown[][];
}

const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The chart the server suggested for a result, drawn as SVG (no chart library: a few shapes need no
 * bundle of their own). Bars and lines for the first numeric column over the category or time column;
 * a pie for a few shares.
 */
export function ResultChart({ chart, columns, rows }: ResultChartProps) {
  const { token } = theme.useToken();
  const xIndex = chart.x ? columns.indexOf(chart.x) : -1;
  const yIndex = chart.y[0] ? columns.indexOf(chart.y[0]) : -1;
  if (chart.type === 'none' || xIndex < 0 || yIndex < 0) return null;
  const points = rows.slice(0, 50).map((row) => ({ label: String(row[xIndex] ?? ''), value: numberOf(row[yIndex]) }));
  const label = `${chart.y[0]} / ${chart.x}`;

  if (chart.type === 'pie') {
    const total = points.reduce((sum, point) => sum + point.value, 0) || 1;
    const sweeps = points.map((point) => (point.value / total) * Math.PI * 2);
    const starts = sweeps.map((_, index) => -Math.PI / 2 + sweeps.slice(0, index).reduce((sum, sweep) => sum + sweep, 0));
    const radius = 90;
    const [cx, cy] = [120, HEIGHT / 2];
    return (
      <svg role="img" aria-label={label} width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`}>
        {points.map((point, index) => {
          const sweep = sweeps[index]!;
          const start = starts[index]!;
          const [x1, y1] = [cx + radius * Math.cos(start), cy + radius * Math.sin(start)];
          const [x2, y2] = [cx + radius * Math.cos(start + sweep), cy + radius * Math.sin(start + sweep)];
          const path = `M ${cx} ${cy} L ${x1} ${y1} A ${radius} ${radius} 0 ${sweep > Math.PI ? 1 : 0} 1 ${x2} ${y2} Z`;
          return (
            <g key={point.label}>
              <path d={path} fill={PALETTE[index % PALETTE.length]}>
                <title>{`${point.label}：${point.value}`}</title>
              </path>
              <rect x={250} y={20 + index * 22} width={12} height={12} fill={PALETTE[index % PALETTE.length]} />
              <text x={268} y={31 + index * 22} fontSize={12} fill={token.colorText}>{`${point.label}：${point.value}（${((point.value / total) * 100).toFixed(1)}%）`}</text>
            </g>
          );
        })}
      </svg>
    );
  }

  const max = Math.max(...points.map((point) => point.value), 0) || 1;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = plotWidth / Math.max(points.length, 1);
  const yOf = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const xOf = (index: number) => PAD.left + step * index + step / 2;
  return (
    <svg role="img" aria-label={label} width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`}>
      <line x1={PAD.left} y1={PAD.top + plotHeight} x2={WIDTH - PAD.right} y2={PAD.top + plotHeight} stroke={token.colorBorder} />
      <text x={PAD.left - 6} y={PAD.top + 10} fontSize={11} textAnchor="end" fill={token.colorTextSecondary}>
        {max}
      </text>
      {chart.type === 'line' ? <polyline fill="none" stroke={PALETTE[0]} strokeWidth={2} points={points.map((point, index) => `${xOf(index)},${yOf(point.value)}`).join(' ')} /> : null}
      {points.map((point, index) => (
        <g key={`${point.label}-${index}`}>
          {chart.type === 'bar' ? (
            <rect x={xOf(index) - step * 0.35} y={yOf(point.value)} width={step * 0.7} height={PAD.top + plotHeight - yOf(point.value)} fill={PALETTE[0]}>
              <title>{`${point.label}：${point.value}`}</title>
            </rect>
          ) : (
            <circle cx={xOf(index)} cy={yOf(point.value)} r={3} fill={PALETTE[0]}>
              <title>{`${point.label}：${point.value}`}</title>
            </circle>
          )}
          {points.length <= 12 || index % Math.ceil(points.length / 12) === 0 ? (
            <text x={xOf(index)} y={HEIGHT - PAD.bottom + 16} fontSize={11} textAnchor="middle" fill={token.colorTextSecondary}>
              {point.label.length > 8 ? `${point.label.slice(0, 8)}…` : point.label}
            </text>
          ) : null}
        </g>
      ))}
    </svg>
  );
}
