import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { FILE_LIST_TEXT, type FileTree } from '../constants';
import { pathCrumbs } from '../file-paths';

/** `?path=…` of the current page: the root drops the parameter. */
export function folderSearch(path: string): string {
  return path === '/' ? '' : `?${new URLSearchParams({ path }).toString()}`;
}

/** Where the user is: the tree's root, then each folder; every part but the last opens that folder. */
export function FileBreadcrumb({ tree, path }: { tree: FileTree; path: string }) {
  const root = { name: FILE_LIST_TEXT.root[tree], path: '/' };
  const crumbs = [root, ...pathCrumbs(path)];
  const items = crumbs.map((crumb, index) => {
    const label =
      index === 0 ? (
        <>
          <HomeOutlined /> {crumb.name}
        </>
      ) : (
        crumb.name
      );
    const last = index === crumbs.length - 1;
    return { key: crumb.path, title: last ? <span aria-current="page">{label}</span> : <Link to={{ search: folderSearch(crumb.path) }}>{label}</Link> };
  });
  return (
    <nav aria-label={FILE_LIST_TEXT.pathLabel}>
      <Breadcrumb items={items} />
    </nav>
  );
}
