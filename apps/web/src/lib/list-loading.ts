/**
 * Whether a list shows its spinner: only while it has no rows of its own (the first load, or the
 * previous page's rows kept as a placeholder). A refresh in the background keeps the rows clickable;
 * a spinner over them would swallow the click a user (or a browser test) aims at a row meanwhile.
 */
export const listLoading = (query: { isLoading: boolean; isPlaceholderData: boolean }): boolean => query.isLoading || query.isPlaceholderData;
