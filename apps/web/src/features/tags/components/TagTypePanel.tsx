import { PlusOutlined } from '@ant-design/icons';
import { TAG_TYPE_LABELS, type TagType } from '@agent-platform/contracts';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { ListToolbar } from '../../../components/ListToolbar';
import { TAG_TEXT as TEXT } from '../constants';
import { useTagTree } from '../queries';
import { filterTree } from '../tag-tree';
import { TagFormModal, type TagFormTarget } from './TagFormModal';
import { TagTable } from './TagTable';
import { listLoading } from '../../../lib/list-loading';

/** One tab of the tag manager: a type's tags, searchable; administrators add, edit, order and delete. */
export function TagTypePanel({ tagType, editable }: { tagType: TagType; editable: boolean }) {
  const [keyword, setKeyword] = useState<string>();
  const [target, setTarget] = useState<TagFormTarget | null>(null);
  // The whole tree is fetched and narrowed here: positions for 上移/下移 count every sibling.
  const tags = useTagTree({ tag_type: tagType });
  const tree = tags.data ?? [];
  const label = TAG_TYPE_LABELS[tagType];

  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.searchPlaceholder} onSearch={setKeyword}>
        {editable ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create', parentId: null })} style={{ marginInlineStart: 'auto' }}>
            {TEXT.create}
          </Button>
        ) : null}
      </ListToolbar>
      {tags.isError ? <Alert type="error" showIcon title={tags.error.message} style={{ marginBottom: 16 }} /> : null}
      <TagTable
        shown={filterTree(tree, keyword)}
        tree={tree}
        loading={listLoading(tags)}
        filtered={!!keyword}
        emptyText={editable ? `${TEXT.empty(label)}，${TEXT.emptyAdminHint}` : TEXT.empty(label)}
        editable={editable}
        onOpenForm={setTarget}
      />
      {editable ? <TagFormModal tagType={tagType} tree={tree} target={target} onClose={() => setTarget(null)} /> : null}
    </>
  );
}
