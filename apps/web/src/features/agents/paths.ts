/* What the router needs at start; the pages' texts (constants.ts) come with the pages, out of the JavaScript /login loads. */
export const AGENT_TITLES = {
  list: '智能体管理',
  create: '创建智能体',
  edit: '编辑智能体',
  deploy: '发布与接入',
  embed: '智能体',
} as const;

export const AGENT_PATHS = {
  list: '/agent',
  create: '/agent/create',
  edit: (id: string) => `/agent/edit/${id}`,
  deploy: (id: string) => `/agent/dep/${id}`,
  chat: (id: string) => `/agent/chat?agent_id=${encodeURIComponent(id)}`,
  /** Path of the embeddable chat (a page of its own, no sign-in: the key is in the query string). */
  embed: (id: string) => `/embed/agent/${id}`,
} as const;
