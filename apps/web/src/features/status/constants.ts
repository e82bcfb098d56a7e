export const STATUS_TITLES = {
  notFound: '页面未找到',
  routeError: '系统异常',
  licenseExpire: '授权已过期',
  version: '版本信息',
} as const;

/** The status pages' texts, word for word as the product gives them. */
export const STATUS_TEXT = {
  notFound: '抱歉，您访问的页面不存在',
  routeError: '很抱歉，系统运行出现异常，请稍后重试或联系管理员',
  errorDetail: '错误信息',
  licenseExpire: '系统授权已过期或无效，暂时无法使用。请联系管理员更新授权后再试。',
  toLogin: '返回登录',
  versionDescription: '当前运行的服务端构建信息',
  versionLoadFailed: '版本信息加载失败',
  retry: '重试',
} as const;

export const VERSION_LABELS = {
  id: '版本号',
  buildTime: '构建时间',
  gitCommit: 'Git 提交',
  gitBranch: 'Git 分支',
  platform: '运行平台',
  containerId: '容器 ID',
  arch: '系统架构',
  nodeVersion: 'Node.js 版本',
  webBuild: '前端构建',
  inContainer: '容器内运行',
  mismatch: '与服务端版本不一致，请刷新页面',
} as const;

/** The route error page reloads at most once per server build id (no loop if the ids never match). */
export const RELOAD_MARK_KEY = 'reloaded-for-build';
