/* What the router needs at start; the pages' texts (constants.ts) come with the pages, out of the JavaScript /login loads. */
export const KB_TITLES = { list: '知识库管理', detail: '知识库详情', chat: '知识库对话' } as const;

export const KB_PATHS = {
  list: '/kb',
  chat: '/kb/chat',
  detail: (id: string) => `/kb/detail/${id}`,
  /** The file manager's standalone preview page. */
  preview: (fileId: string) => `/files/preview?file_id=${encodeURIComponent(fileId)}`,
} as const;
