import type { OpenApiOperation } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { duplicateNames, initialSelection, needsServerUrl, providerBody } from './openapi-selection';
import { credentialDraftOf } from './provider-form';

const op = (key: string, name: string): OpenApiOperation => ({
  key,
  name,
  method: 'GET',
  path: `/${name}`,
  operation_id: null,
  summary: '',
  input_schema: { type: 'object' },
  anonymous: false,
});
const OPERATIONS = [op('listPets', 'listPets'), op('GET /pets/{id}', 'get_pets_id'), op('createPet', 'LISTPETS')];

describe('OpenAPI import selection', () => {
  it('chooses every operation at first and builds one tool-set body with the chosen ones in document order', () => {
    expect(initialSelection(OPERATIONS)).toEqual(['listPets', 'GET /pets/{id}', 'createPet']);
    const credential = { ...credentialDraftOf({ type: 'bearer' }), secret: 'tok-1' };
    const choices = { document: 'doc', title: ' 宠物 ', serverUrl: ' ', tags: ['宠物'], isPublic: true, credential };
    expect(providerBody(OPERATIONS, ['createPet', 'listPets'], choices)).toEqual({
      document: 'doc',
      title: '宠物',
      operations: ['listPets', 'createPet'],
      auth: { type: 'bearer' },
      credential_mode: 'shared',
      credential: { secret: 'tok-1' },
      tags: ['宠物'],
      is_public: true,
    });
    const fetched = providerBody(OPERATIONS, ['GET /pets/{id}'], {
      ...choices,
      url: 'http://127.0.0.1:9/doc.json',
      title: '',
      serverUrl: 'http://127.0.0.1:9 ',
      credential: credentialDraftOf({ type: 'none' }),
    });
    expect(fetched).toEqual({
      url: 'http://127.0.0.1:9/doc.json',
      operations: ['GET /pets/{id}'],
      server_url: 'http://127.0.0.1:9',
      auth: { type: 'none' },
      credential_mode: 'shared',
      tags: ['宠物'],
      is_public: true,
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
