import type { OpenApiOperation } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { duplicateNames, importBodies, initialSelection, needsServerUrl } from './openapi-selection';

const op = (key: string, name: string): OpenApiOperation => ({ key, name, method: 'GET', path: `/${name}`, operation_id: null, summary: '', input_schema: { type: 'object' } });
const OPERATIONS = [op('listPets', 'listPets'), op('GET /pets/{id}', 'get_pets_id'), op('createPet', 'LISTPETS')];

describe('OpenAPI import selection', () => {
  it('chooses every operation at first and builds one create body per chosen one, in document order', () => {
    expect(initialSelection(OPERATIONS)).toEqual(['listPets', 'GET /pets/{id}', 'createPet']);
    const bodies = importBodies(OPERATIONS, ['createPet', 'listPets'], { document: 'doc', serverUrl: ' ', tags: ['宠物'], isPublic: true });
    expect(bodies).toEqual([
      { kind: 'llm', tags: ['宠物'], is_public: true, openapi: { document: 'doc', operation: 'listPets' } },
      { kind: 'llm', tags: ['宠物'], is_public: true, openapi: { document: 'doc', operation: 'createPet' } },
    ]);
    expect(importBodies(OPERATIONS, ['GET /pets/{id}'], { document: 'doc', serverUrl: 'http://127.0.0.1:9 ', tags: [], isPublic: false })[0]?.openapi).toEqual({
      document: 'doc',
      operation: 'GET /pets/{id}',
      server_url: 'http://127.0.0.1:9',
    });
  });

  it('flags chosen operations whose tool names clash (case-insensitively) and documents without an absolute server', () => {
    expect(duplicateNames(OPERATIONS, initialSelection(OPERATIONS))).toEqual(['LISTPETS']);
    expect(duplicateNames(OPERATIONS, ['listPets', 'GET /pets/{id}'])).toEqual([]);
    expect(needsServerUrl({ servers: [] })).toBe(true);
    expect(needsServerUrl({ servers: ['/api'] })).toBe(true);
    expect(needsServerUrl({ servers: ['/api', 'https://x.test/v1'] })).toBe(false);
  });
});
