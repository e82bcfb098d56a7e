// The form parts MCP services share with tools (headers, JSON input, tags and visibility). Kept apart
// from the feature's index, which the router loads on every page, so forms stay out of the first load.
export { KeyValueFields } from '../components/KeyValueFields';
export { JsonEditor } from '../components/JsonEditor';
export { TagFilter, TagList, TagsAndVisibility } from '../components/ToolTags';
export { fromKeyValues, toKeyValues, type KeyValue } from '../tool-form';
