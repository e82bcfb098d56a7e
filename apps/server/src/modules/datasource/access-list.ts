import { unknownAccessUsers } from './datasource.errors.js';

/**
 * An access list as it is saved: each user once. A user deleted since the list was saved drops out
 * (the form sends back what it was given); any other id that names no user is refused.
 */
export async function checkedAccessList(ids: string[] | undefined, saved: string[], usersByIds: (ids: string[]) => Promise<Array<{ id: string }>>): Promise<string[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  const existing = new Set((await usersByIds(unique)).map((user) => user.id));
  if (unique.some((id) => !existing.has(id) && !saved.includes(id))) throw unknownAccessUsers();
  return unique.filter((id) => existing.has(id));
}
