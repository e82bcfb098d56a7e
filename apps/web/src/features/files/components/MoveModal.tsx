import type { FileEntry } from '@agent-platform/contracts';
import { FolderFilled, HomeOutlined } from '@ant-design/icons';
import { Alert, Modal, Tree, Typography, type TreeDataNode } from 'antd';
import { useState } from 'react';
import { toApiError } from '../../../lib/http';
import { FILE_LIST_TEXT, MOVE_TEXT, type FileTree } from '../constants';
import { isSameOrInside, joinPath } from '../file-paths';
import { useFolderLoader } from '../queries';

interface MoveModalProps {
  tree: FileTree;
  entries: FileEntry[];
  pending: boolean;
  onMove: (targetPath: string) => Promise<unknown>;
  onClose: () => void;
}

/** Replaces the children of the node at `key` (the tree loads one level at a time). */
function withChildren(nodes: TreeDataNode[], key: string, children: TreeDataNode[]): TreeDataNode[] {
  return nodes.map((node) => {
    if (node.key === key) return { ...node, children, isLeaf: children.length === 0 };
    return node.children ? { ...node, children: withChildren(node.children, key, children) } : node;
  });
}

/** Picks the folder to move entries into; a moved folder and what is inside it cannot be chosen. */
export function MoveModal({ tree, entries, pending, onMove, onClose }: MoveModalProps) {
  const loadFolders = useFolderLoader(tree);
  const moving = entries.filter((entry) => entry.kind === 'folder').map((entry) => joinPath(entry.path, entry.name));
  const blocked = (path: string) => moving.some((folder) => isSameOrInside(path, folder));
  const [target, setTarget] = useState('/');
  const [error, setError] = useState<string | null>(null);
  const [nodes, setNodes] = useState<TreeDataNode[]>([{ key: '/', title: FILE_LIST_TEXT.root[tree], icon: <HomeOutlined /> }]);

  const loadData = async (node: TreeDataNode) => {
    const path = String(node.key);
    try {
      const folders = await loadFolders(path);
      const children = folders.map((folder): TreeDataNode => {
        const key = joinPath(path, folder.name);
        return { key, title: folder.name, icon: <FolderFilled style={{ color: '#f5b83d' }} />, disabled: blocked(key) };
      });
      setNodes((current) => withChildren(current, path, children));
    } catch (cause) {
      setError(`${MOVE_TEXT.loadFailed}：${toApiError(cause).message}`);
    }
  };

  return (
    <Modal
      open
      title={MOVE_TEXT.title(entries.length)}
      okText={MOVE_TEXT.ok}
      confirmLoading={pending}
      okButtonProps={{ disabled: blocked(target) }}
      onOk={() => onMove(target).then(onClose, () => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <div role="group" aria-label={MOVE_TEXT.target} style={{ maxHeight: 360, overflow: 'auto', marginBottom: 12 }}>
        <Tree.DirectoryTree
          treeData={nodes}
          loadData={loadData}
          defaultExpandedKeys={['/']}
          selectedKeys={[target]}
          onSelect={(keys) => {
            const key = keys[0];
            if (key !== undefined) setTarget(String(key));
          }}
        />
      </div>
      <Typography.Text type="secondary">{MOVE_TEXT.current(target)}</Typography.Text>
    </Modal>
  );
}
