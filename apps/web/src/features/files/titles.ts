/** Screen titles: the route table needs them at start, so they stay apart from the pages' strings. */
export const FILES_TITLES = {
  private: '我的文件',
  public: '公共文件',
  nextPrivate: '我的文件（网格）',
  nextPublic: '公共文件（网格）',
  preview: '文件预览',
} as const;
