/** Which tree a page shows: the user's own files, or the public tree every signed-in user reads. */
export type FileTree = 'private' | 'public';

export const FILES_PATHS = {
  table: (tree: FileTree) => `/files/${tree}`,
  grid: (tree: FileTree) => `/files/next/${tree}`,
  preview: (fileId: string) => `/files/preview?file_id=${encodeURIComponent(fileId)}`,
} as const;

export const TREE_DESCRIPTIONS: Record<FileTree, string> = {
  private: '只有你自己能看到的文件，可以分享给他人或公开到公共文件',
  public: '所有用户都能查看和下载的文件',
};

export const FILE_LIST_TEXT = {
  root: { private: '我的文件', public: '公共文件' } satisfies Record<FileTree, string>,
  searchPlaceholder: '在当前文件夹中搜索',
  name: '名称',
  size: '大小',
  owner: '上传者',
  updatedAt: '更新时间',
  actions: '操作',
  folder: '文件夹',
  open: '打开',
  preview: '预览',
  download: '下载',
  rename: '重命名',
  move: '移动',
  share: '分享',
  more: '更多',
  selected: (count: number) => `已选 ${count} 项`,
  clearSelection: '取消选择',
  batchMove: '批量移动',
  deleteConfirm: (count: number) => (count > 1 ? `确定删除选中的 ${count} 项吗？` : '确定删除吗？'),
  deleteDescription: '文件夹会连同其中的内容一起删除，此操作不可恢复。',
  noEditRight: '只有上传者可以修改',
  empty: '这个文件夹还是空的，上传文件或新建文件夹吧',
  emptyFiltered: '没有符合条件的文件',
  loadFailed: '文件列表加载失败',
  retry: '重试',
  publicTag: '已公开',
  sharedTag: '分享中',
  pathLabel: '当前位置',
} as const;

export const UPLOAD_TEXT = {
  uploadFiles: '上传文件',
  uploadFolder: '上传文件夹',
  newFolder: '新建文件夹',
  panelTitle: '上传列表',
  clearFinished: '清除已完成',
  queued: '等待上传',
  uploading: '上传中',
  done: '已完成',
  failed: '失败',
  summary: (done: number, total: number) => `已完成 ${done} / ${total}`,
  allDone: (count: number) => `${count} 个文件上传完成`,
  someFailed: (count: number) => `${count} 个文件上传失败`,
  dropTitle: '拖拽文件到这里上传',
  dropHint: '也可以点击选择文件，支持一次上传多个文件',
  dropOverlay: '松开鼠标上传到当前文件夹',
  folderFailed: '创建文件夹失败',
} as const;

export const FOLDER_FORM_TEXT = {
  newFolderTitle: '新建文件夹',
  renameTitle: '重命名',
  name: '名称',
  namePlaceholder: '请输入名称',
  nameRequired: '请输入名称',
  nameInvalid: '名称不能超过 100 个字符，且不能包含 / \\ : * ? " < > | 等字符',
  ok: '确定',
  cancel: '取消',
} as const;

export const MOVE_TEXT = {
  title: (count: number) => (count > 1 ? `移动 ${count} 项到` : '移动到'),
  target: '目标文件夹',
  current: (path: string) => `当前选择：${path}`,
  ok: '移动到此处',
  loadFailed: '文件夹加载失败',
} as const;

export const SHARE_TEXT = {
  title: (name: string) => `分享「${name}」`,
  public: '公开到公共文件',
  publicHint: '公开后所有用户都能在「公共文件」中看到并下载；取消公开会移回你的文件',
  link: '分享链接',
  linkHint: '持有链接的人无需登录即可下载，到期后自动失效',
  expiry: '有效期',
  create: '生成链接',
  renew: '重新生成',
  revoke: '取消分享',
  expiresAt: (at: string) => `有效期至 ${at}`,
  noLink: '尚未生成分享链接',
  copy: '复制链接',
  close: '关闭',
  publicOnly: '该文件已在公共文件中',
} as const;

export const SHARE_EXPIRY_OPTIONS = [
  { value: 1, label: '1 小时' },
  { value: 24, label: '1 天' },
  { value: 24 * 7, label: '7 天' },
  { value: 24 * 30, label: '30 天' },
  { value: 24 * 365, label: '1 年' },
] as const;

export const FILES_TOAST = {
  created: '文件夹已创建',
  renamed: '已重命名',
  moved: '已移动',
  deleted: '已删除',
  madePublic: '已公开到公共文件',
  madePrivate: '已移回我的文件',
  linkCreated: '分享链接已生成',
  linkRevoked: '已取消分享',
  downloadFailed: '下载失败',
  failed: '操作失败',
} as const;

export const PREVIEW_TEXT = {
  missingId: '缺少要预览的文件',
  missingIdHint: '请从文件列表中点击「预览」打开',
  notFound: '文件不存在或无权查看',
  loadFailed: '文件加载失败',
  loading: '正在加载文件…',
  download: '下载',
  unsupported: '暂不支持预览该类型的文件',
  unsupportedHint: '可以下载到本地后查看',
  tooLarge: (limit: string) => `文件超过 ${limit}，不在线预览，请下载后查看`,
  renderFailed: '文件内容无法解析，可能已损坏或加密',
  pdfPages: (count: number) => `共 ${count} 页`,
  pdfPage: (index: number) => `第 ${index} 页`,
  sheetRowsCapped: (shown: number, total: number) => `共 ${total} 行，仅显示前 ${shown} 行`,
  csvRowsCapped: (shown: number) => `文件较大，仅显示前 ${shown} 行`,
  sheetEmpty: '该工作表没有内容',
  textTruncated: (shown: string) => `文件较大，仅显示前 ${shown}`,
  selectHint: '选择一个文件查看预览',
  folderHint: '双击文件夹进入',
  openInNewTab: '在新标签页打开',
  closePane: '关闭预览',
  owner: '上传者',
  size: '大小',
  updatedAt: '更新时间',
} as const;
