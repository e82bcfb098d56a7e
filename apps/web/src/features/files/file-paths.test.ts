import { describe, expect, it } from 'vitest';
import { folderFromQuery, foldersToCreate, isSameOrInside, joinPath, pathCrumbs, uploadFolderFor } from './file-paths';

describe('folder paths of the file manager', () => {
  it('reads ?path= and falls back to the root for anything malformed', () => {
    expect(folderFromQuery(null)).toBe('/');
    expect(folderFromQuery('/报告/2026/')).toBe('/报告/2026');
    expect(folderFromQuery('/a/../b')).toBe('/');
    expect(folderFromQuery('relative')).toBe('/');
    expect(folderFromQuery('/a\\b')).toBe('/');
  });

  it('joins and splits paths into breadcrumbs', () => {
    expect(joinPath('/', '报告')).toBe('/报告');
    expect(joinPath('/报告', '2026')).toBe('/报告/2026');
    expect(pathCrumbs('/')).toEqual([]);
    expect(pathCrumbs('/报告/2026')).toEqual([
      { name: '报告', path: '/报告' },
      { name: '2026', path: '/报告/2026' },
    ]);
  });

  it('knows when a folder would move into itself', () => {
    expect(isSameOrInside('/a', '/a')).toBe(true);
    expect(isSameOrInside('/a/b', '/a')).toBe(true);
    expect(isSameOrInside('/ab', '/a')).toBe(false);
    expect(isSameOrInside('/x', '/')).toBe(true);
  });

  it("puts a chosen folder's files into the matching sub-folders", () => {
    expect(uploadFolderFor('/', '')).toBe('/');
    expect(uploadFolderFor('/项目', '')).toBe('/项目');
    expect(uploadFolderFor('/项目', '资料/a.txt')).toBe('/项目/资料');
    expect(uploadFolderFor('/', '资料/图片/a.png')).toBe('/资料/图片');
  });

  it('lists the folders an upload needs, parents first, each once', () => {
    expect(foldersToCreate('/项目', ['/项目', '/项目/资料/图片', '/项目/资料', '/项目/资料/图片', '/项目/附件'])).toEqual(['/项目/资料', '/项目/附件', '/项目/资料/图片']);
    expect(foldersToCreate('/', ['/a/b'])).toEqual(['/a', '/a/b']);
    expect(foldersToCreate('/', ['/'])).toEqual([]);
  });
});
