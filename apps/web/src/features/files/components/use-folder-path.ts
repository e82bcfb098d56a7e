import { useSearchParams } from 'react-router';
import { folderFromQuery } from '../file-paths';

/** The folder a files page shows, kept in the URL (`?path=/报告/2026`) so it survives reloads and links. */
export function useFolderPath(): string {
  const [params] = useSearchParams();
  return folderFromQuery(params.get('path'));
}
