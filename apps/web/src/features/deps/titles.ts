export const DEPS_TITLE = '依赖检查';
