import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { FILES_TITLES } from './titles';

const tablePage = () => import('./pages/FileTablePage');
const gridPage = () => import('./pages/FileGridPage');

/** Files: the file manager as a table and as a grid, each page its own chunk. */
export const filesRoutes: RouteObject[] = [
  lazyRoute('files/private', FILES_TITLES.private, () => tablePage().then((module) => ({ default: module.PrivateFileTablePage }))),
  lazyRoute('files/public', FILES_TITLES.public, () => tablePage().then((module) => ({ default: module.PublicFileTablePage }))),
  lazyRoute('files/next/private', FILES_TITLES.nextPrivate, () => gridPage().then((module) => ({ default: module.PrivateFileGridPage }))),
  lazyRoute('files/next/public', FILES_TITLES.nextPublic, () => gridPage().then((module) => ({ default: module.PublicFileGridPage }))),
];

/** files/preview?file_id=…, outside the main layout. */
export const filesStandaloneRoutes: RouteObject[] = [lazyRoute('files/preview', FILES_TITLES.preview, () => import('./pages/FilePreviewPage'))];

export { useFileList } from './queries';
export type { FileTree } from './constants';
