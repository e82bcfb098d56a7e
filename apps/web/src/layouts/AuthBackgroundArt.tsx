/** Decorative background: a faint network of nodes and links, drawn in currentColor. */
const NODES: Array<[number, number, number]> = [
  [120, 140, 5],
  [300, 90, 3],
  [420, 220, 6],
  [220, 330, 4],
  [90, 470, 3],
  [360, 520, 5],
  [560, 400, 3],
  [640, 160, 4],
  [760, 300, 6],
  [880, 120, 3],
  [980, 420, 5],
  [1120, 250, 4],
  [1260, 120, 3],
  [1340, 380, 5],
  [1180, 560, 3],
  [860, 620, 4],
  [620, 700, 3],
  [300, 720, 5],
];

const LINKS: Array<[number, number]> = [
  [0, 1],
  [1, 2],
  [0, 3],
  [2, 3],
  [3, 4],
  [3, 5],
  [2, 6],
  [5, 6],
  [2, 7],
  [7, 8],
  [8, 9],
  [8, 10],
  [10, 11],
  [11, 12],
  [11, 13],
  [13, 14],
  [10, 14],
  [10, 15],
  [15, 16],
  [6, 16],
  [16, 17],
  [5, 17],
];

export function AuthBackgroundArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 1440 800" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <g stroke="currentColor" strokeWidth="1" opacity="0.6">
        {LINKS.map(([from, to]) => {
          const a = NODES[from];
          const b = NODES[to];
          return a && b ? <line key={`${from}-${to}`} x1={a[0]} y1={a[1]} x2={b[0]} y2={b[1]} /> : null;
        })}
      </g>
      <g fill="currentColor">
        {NODES.map(([x, y, r]) => (
          <circle key={`${x}-${y}`} cx={x} cy={y} r={r} />
        ))}
      </g>
      <g fill="none" stroke="currentColor" strokeWidth="1" opacity="0.4">
        <circle cx="1300" cy="700" r="180" />
        <circle cx="1300" cy="700" r="260" />
        <circle cx="80" cy="60" r="140" />
      </g>
    </svg>
  );
}
