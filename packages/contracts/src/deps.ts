/** What `/system/deps/query_all` reports on, in the order the page groups them. */
export const DEP_KINDS = ['database', 'storage', 'model', 'service', 'datasource', 'queue', 'worker', 'ocr', 'process'] as const;
export type DepKind = (typeof DEP_KINDS)[number];

export const DEP_KIND_LABELS: Record<DepKind, string> = {
  database: '数据库',
  storage: '文件存储',
  model: '模型',
  service: 'MCP 服务',
  datasource: '数据源',
  queue: '任务队列',
  worker: '后台任务处理',
  ocr: 'OCR 文字识别',
  process: '服务进程',
};

/** `up` works; `degraded` works with a warning; `down` does not work; `off` is not set up (not an error). */
export const DEP_STATUSES = ['up', 'degraded', 'down', 'off'] as const;
export type DepStatus = (typeof DEP_STATUSES)[number];

export const DEP_STATUS_LABELS: Record<DepStatus, string> = { up: '正常', degraded: '告警', down: '故障', off: '未启用' };

/** One fact about a dependency: `pool_in_use: 3`. Known keys have a Chinese label in `DEP_DETAIL_LABELS`. */
export type DepDetailValue = string | number | boolean | null;

export const DEP_DETAIL_LABELS: Record<string, string> = {
  dialect: '类型',
  version: '版本',
  pool_size: '连接池上限',
  pool_in_use: '使用中连接',
  pool_waiting: '等待连接的请求',
  pgvector: 'pgvector 扩展',
  store: '存储方式',
  directory: '目录',
  free_bytes: '可用空间',
  total_bytes: '总空间',
  bucket: '存储桶',
  endpoint: '地址',
  type: '模型类型',
  base_url: '接口地址',
  upstream_model: '上游模型',
  listed_models: '服务提供的模型数',
  function_count: '函数数量',
  transport: '连接方式',
  db_type: '数据库类型',
  queued: '排队中',
  running: '执行中',
  failed_24h: '24 小时内失败',
  oldest_waiting_seconds: '最早排队已等待',
  processes: '处理进程数',
  capacity: '并发上限',
  package: '组件',
  process_id: '进程标识',
  node_version: 'Node.js 版本',
  uptime_seconds: '已运行',
  rss_bytes: '常驻内存',
  heap_used_bytes: '堆内存',
  started_at: '启动时间',
  reported_at: '最近报告',
};

export interface DepCheck {
  /** Unique in the report; a model's, MCP service's or datasource's is its topology key (`model:<lower-case name>`, `service:<id>`). */
  key: string;
  kind: DepKind;
  name: string;
  status: DepStatus;
  /** How long the check took; `null` when nothing was asked (a count read with the others). */
  latency_ms: number | null;
  /** Why it is not `up`, in Chinese; `null` when there is nothing to say. */
  error: string | null;
  /** When this was checked (ISO): models, MCP services and datasources are probed at most once a minute, so it may be earlier than the report. */
  checked_at: string;
  details: Record<string, DepDetailValue>;
}

/** `POST /system/deps/query_all` (administrators only). */
export interface DepsReport {
  checked_at: string;
  items: DepCheck[];
}
