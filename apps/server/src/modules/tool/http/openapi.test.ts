import { describe, expect, it } from 'vitest';
import { parseOpenApi, toolNameOf } from './openapi.js';

const doc = (paths: unknown, components: unknown = {}) => JSON.stringify({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths, components });

describe('parseOpenApi', () => {
  it('fits names to OpenAI function names', () => {
    expect(toolNameOf('list.users v2', 'GET', '/x')).toBe('list_users_v2');
    expect(toolNameOf(null, 'DELETE', '/users/{id}/roles')).toBe('DELETE_users_id_roles');
    expect(toolNameOf('x'.repeat(80), 'GET', '/')).toHaveLength(64);
  });

  it('ends a cyclic $ref instead of looping', () => {
    const parsed = parseOpenApi(
      doc(
        { '/nodes': { post: { operationId: 'addNode', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } } },
        { schemas: { Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } } } },
      ),
    );
    expect(parsed.operations[0]!.params).toEqual({ child: 'body' });
    expect(JSON.stringify(parsed.operations[0]!.input_schema)).not.toContain('$ref');
  });

  it('sends the whole body under `body` when its fields clash with parameters', () => {
    const parsed = parseOpenApi(
      doc({
        '/items/{id}': {
          patch: {
            parameters: [
              { name: 'id', in: 'path', schema: { type: 'string' } },
              { name: 'sid', in: 'cookie' },
            ],
            requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } },
          },
        },
      }),
    );
    expect(parsed.operations[0]).toMatchObject({ key: 'PATCH /items/{id}', params: { id: 'path', body: 'body_whole' }, input_schema: { required: ['id', 'body'] } });
  });
});
