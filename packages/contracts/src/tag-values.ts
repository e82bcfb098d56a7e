/** Zod-free values of tags, shared by server and web. */

/** What a tag classifies; the lists of those things filter by tag. */
export const TAG_TYPES = ['agent', 'kb', 'tool', 'service', 'ma', 'asset'] as const;
export type TagType = (typeof TAG_TYPES)[number];
export const TAG_TYPE_LABELS: Record<TagType, string> = {
  agent: '智能体',
  kb: '知识库',
  tool: '工具',
  service: '服务',
  ma: '多智能体',
  asset: '数据资产',
};

/** antd's preset colours: they follow the light and dark themes by themselves. */
export const TAG_COLORS = ['blue', 'geekblue', 'purple', 'magenta', 'red', 'volcano', 'orange', 'gold', 'lime', 'green', 'cyan'] as const;
export type TagColor = (typeof TAG_COLORS)[number];
export const TAG_COLOR_LABELS: Record<TagColor, string> = {
  blue: '蓝',
  geekblue: '靛蓝',
  purple: '紫',
  magenta: '品红',
  red: '红',
  volcano: '火山橙',
  orange: '橙',
  gold: '金',
  lime: '青柠',
  green: '绿',
  cyan: '青',
};

export const TAG_NAME_MAX = 20;
/** A bound on one type's tags, so pickers and filters stay usable. */
export const TAG_MAX_PER_TYPE = 500;

export interface Tag {
  id: string;
  name: string;
  tag_type: TagType;
  /** null: a first-level tag. Tags nest one level: a child has no children. */
  parent_id: string | null;
  color: TagColor | null;
  /** Position among its siblings, from 0. */
  sort: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** `tag_query`: a first-level tag with its children. */
export interface TagNode extends Tag {
  children: Tag[];
}

/** `query_sub_tags`: a type's tags in tree order, each child with its parent's name (for grouped pickers). */
export interface SubTag extends Tag {
  parent_name: string | null;
}
