import { AxiosHeaders, type AxiosAdapter } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../lib/http';
import { addDocuments } from './api';

describe('knowledge-base calls', () => {
  const original = http.client.defaults.adapter;
  afterEach(() => {
    http.client.defaults.adapter = original;
  });

  it('adds documents without the two-minute timeout', async () => {
    let seen: { url?: string; timeout?: number } = {};
    const capture: AxiosAdapter = async (config) => {
      seen = { url: config.url, timeout: config.timeout };
      return { data: { code: 200, msg: 'ok', data: { documents: [], failed: [] } }, status: 200, statusText: '', headers: new AxiosHeaders(), config };
    };
    http.client.defaults.adapter = capture;
    await addDocuments({ kb_id: '00000000-0000-4000-8000-000000000000', file_ids: ['00000000-0000-4000-8000-000000000001'] });
    expect(seen).toEqual({ url: '/kb/add_docs', timeout: 0 });
  });
});
