import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { StoredDataError, storedJson, storedList } from './stored-json.js';

const note = storedJson('note', {
  version: 2,
  schema: z.object({ title: z.string(), tags: z.array(z.string()) }),
  upgrades: {
    0: (older) => ({ ...older, title: older.title ?? older.name }),
    1: (older) => ({ ...older, tags: older.tags ?? [] }),
  },
});

describe('storedJson', () => {
  it('stamps the current version on write and hides it on read', () => {
    const stored = note.write({ title: 'a', tags: ['x'] });
    expect(stored).toEqual({ title: 'a', tags: ['x'], v: 2 });
    expect(note.read(stored)).toEqual({ title: 'a', tags: ['x'] });
  });

  it('upgrades an unversioned value through every step, and a version-1 value from its own step', () => {
    expect(note.read({ name: 'old' })).toEqual({ title: 'old', tags: [] });
    expect(note.read({ v: 1, title: 'mid' })).toEqual({ title: 'mid', tags: [] });
  });

  it('refuses what does not fit: a wrong field, an unknown version, a value that is no object', () => {
    expect(() => note.read({ v: 2, title: 3, tags: [] })).toThrow(StoredDataError);
    expect(() => note.read({ v: 3, title: 'future', tags: [] })).toThrow(/unknown version 3/);
    expect(() => note.read([])).toThrow(/not an object/);
    expect(() => note.read(null)).toThrow(/not an object/);
  });

  it('cannot be declared with a missing upgrade step', () => {
    expect(() => storedJson('gap', { version: 2, schema: z.object({}), upgrades: { 0: (older) => older } })).toThrow(/no upgrade from version 1/);
  });
});

describe('storedList', () => {
  const tags = storedList('tags', z.string());

  it('reads a list item by item and refuses one that is no list or holds a wrong item', () => {
    expect(tags.read(['a', 'b'])).toEqual(['a', 'b']);
    expect(tags.read([])).toEqual([]);
    expect(() => tags.read({ v: 1 })).toThrow(StoredDataError);
    expect(() => tags.read(['a', 3])).toThrow(/stored tags does not fit its schema/);
  });
});
