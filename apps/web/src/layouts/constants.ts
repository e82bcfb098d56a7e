/** Chinese strings of the layouts. */
export const LAYOUT_TEXT = {
  slogan: '构建智能体、知识库与工具，让大模型真正为业务所用',
  highlights: ['可视化构建单智能体与多智能体协作', '知识库检索增强，回答有据可查', '接入 OpenAI 兼容模型、工具与 MCP 服务'],
  copyright: (appName: string) => `© ${new Date().getFullYear()} ${appName}`,
  collapse: '收起侧边栏',
  expand: '展开侧边栏',
  pin: '固定侧边栏',
  unpin: '取消固定侧边栏',
  accountInfo: '个人信息',
  logout: '退出登录',
  userMenu: '用户菜单',
  roleLabel: '角色',
} as const;
