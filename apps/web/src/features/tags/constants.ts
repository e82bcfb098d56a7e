import { TAG_NAME_MAX } from '@agent-platform/contracts';

export const TAG_TITLES = { manage: '标签管理' } as const;

export const TAG_TEXT = {
  description: '为智能体、知识库、工具、服务、多智能体和数据资产分类；各列表按标签筛选。标签最多两级',
  readOnlyNotice: '只有管理员可以新建、修改或删除标签，你可以查看全部标签。',
  create: '新建标签',
  addChild: '添加子标签',
  edit: '编辑',
  moveUp: '上移',
  moveDown: '下移',
  searchPlaceholder: '搜索标签名称',
  name: '标签名称',
  children: '子标签',
  color: '颜色',
  createdAt: '创建时间',
  actions: '操作',
  noColor: '默认',
  childCount: (count: number) => `${count} 个`,
  empty: (typeLabel: string) => `还没有${typeLabel}标签`,
  emptyAdminHint: '点击「新建标签」添加第一个标签',
  emptyFiltered: '没有符合条件的标签',
  deleteConfirm: '确定删除该标签吗？',
  deleteDescription: '此操作不可恢复。',
  deleteParentDescription: (count: number) => `它的 ${count} 个子标签也会一并删除，此操作不可恢复。`,
} as const;

export const TAG_FORM_TEXT = {
  createTitle: (typeLabel: string) => `新建${typeLabel}标签`,
  editTitle: '编辑标签',
  create: '创建',
  save: '保存',
  cancel: '取消',
  name: '标签名称',
  namePlaceholder: `不超过 ${TAG_NAME_MAX} 个字`,
  nameRequired: '请输入标签名称',
  nameTooLong: `标签名称不能超过 ${TAG_NAME_MAX} 个字符`,
  parent: '上级标签',
  parentPlaceholder: '无（一级标签）',
  parentLockedHint: '该标签下有子标签，只能是一级标签',
  color: '颜色',
  colorPlaceholder: '默认颜色',
} as const;

export const TAG_SELECT_TEXT = {
  noTags: (typeLabel: string) => `暂无${typeLabel}标签，可在「标签管理」中添加`,
} as const;

export const TAG_TOAST = {
  created: '标签已创建',
  saved: '标签已保存',
  deleted: '标签已删除',
  moved: '顺序已调整',
  failed: '操作失败',
} as const;
