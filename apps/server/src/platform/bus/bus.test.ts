import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_URL } from '../../../test/databases.js';
import { waitFor } from '../../../test/wait-for.js';
import { createPostgresBus } from './bus.js';

const channel = `bus_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

describe('PostgreSQL bus', () => {
  it('sends what was published before it closed, and then closes without errors', async () => {
    const errors: Error[] = [];
    const listener = await createPostgresBus(ADMIN_URL, (error) => errors.push(error));
    const received: string[] = [];
    listener.subscribe(channel, (payload) => void received.push(payload));
    await listener.publish(channel, 'listening');

    const publisher = await createPostgresBus(ADMIN_URL, (error) => errors.push(error));
    const published = ['一', '二', '三'].map((payload) => publisher.publish(channel, payload).catch((error: Error) => errors.push(error)));
    await publisher.close();
    await Promise.all(published);
    await waitFor(() => received.length >= 4, { what: 'every published notification', timeoutMs: 2_000 });
    await listener.close();

    expect(errors.map((error) => error.message)).toEqual([]);
    expect(received).toEqual(['listening', '一', '二', '三']);
  });
});
