import net from 'node:net';
import type { DbConnection, DbConnectionTest, DbTableInfo, DbTableNote, Page } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { connectionBody, createSampleShop, ORDER_COUNT, SAMPLE_TABLES, type SampleShop } from '../../../test/fixtures/sample-shop.js';

const NOT_FOUND = '数据源不存在';
const CONNECT_TIMEOUT_MS = 1500;

/** A TCP server that accepts connections and never says a word: a database that hangs. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Whether the test server offers TLS (MariaDB: `have_ssl`; PostgreSQL: `ssl`). */
async function serverHasTls(shop: SampleShop): Promise<boolean> {
  const [row] = (await shop.exec(shop.dialect === 'mysql' ? 'select @@have_ssl as tls' : "select current_setting('ssl') as tls")) as Array<{ tls: string }>;
  return /^(yes|on)$/i.test(String(row?.tls));
}

describe.each(['mysql', 'postgresql'] as const)('datasources on %s', (dialect) => {
  let t: TestApp;
  let shop: SampleShop;
  let admin: string;
  let alice: string;
  let bob: string;
  let carol: string;
  let carolId: string;
  let connection: DbConnection & { warnings: string[] };

  beforeAll(async () => {
    shop = await createSampleShop(dialect);
    t = await startTestApp({ DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS) });
    admin = await t.signUp(`ds_admin_${dialect}`);
    [alice, bob, carol] = [await t.signUp(`ds_alice_${dialect}`), await t.signUp(`ds_bob_${dialect}`), await t.signUp(`ds_carol_${dialect}`)];
    carolId = String((await t.userRow(`ds_carol_${dialect}`))!.id);
    connection = expectOk(
      await t.call('/api/db/dbconnect/create_connection', connectionBody(shop, { user: shop.reader.user, password: shop.reader.password, access_user_ids: [carolId] }), alice),
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await shop?.drop();
  });

  it('creates a datasource after a connection test, seals the password and never answers it', async () => {
    expect(connection).toMatchObject({ db_type: dialect, host: shop.host, database: shop.database, user: shop.reader.user, has_password: true, editable: true, is_public: false });
    expect(connection.warnings).toEqual([]);
    expect(JSON.stringify(connection)).not.toContain(shop.reader.password);
    const [stored] = await t.rows<{ password_sealed: string }>(sql`select password_sealed from db_connections where id = ${connection.id}`);
    expect(stored!.password_sealed).toMatch(/^v1\./);
    expect(stored!.password_sealed).not.toContain(shop.reader.password);
    const shown = expectOk(await t.call<DbConnection>('/api/db/dbconnect/query_connection_by_id', { id: connection.id }, alice));
    expect(shown).not.toHaveProperty('password');
    expect(JSON.stringify(shown)).not.toContain(shop.reader.password);
  });

  it('warns in Chinese when the user may write, with the statements for a read-only user', async () => {
    const test = expectOk(await t.call<DbConnectionTest>('/api/db/dbconnect/test_connection', connectionBody(shop), alice));
    expect(test.server_version).toMatch(dialect === 'mysql' ? /MariaDB|MySQL/ : /PostgreSQL/);
    expect(test.warnings.join('\n')).toMatch(/该账号可以修改数据或表结构.*GRANT SELECT/);
    const reader = expectOk(
      await t.call<DbConnectionTest>('/api/db/dbconnect/test_connection', { ...connectionBody(shop), id: connection.id, user: shop.reader.user, password: undefined }, alice),
    );
    expect(reader.warnings).toEqual([]);
  });

  it('lists tables and views with comments, columns, keys, foreign keys and row estimates', async () => {
    const tables = expectOk(await t.call<DbTableInfo[]>('/api/db/dbconnect/query_tables_by_conn_id', { id: connection.id }, alice));
    expect(tables.map((table) => table.name).sort()).toEqual([...SAMPLE_TABLES].sort());
    const orders = tables.find((table) => table.name === 'orders')!;
    expect(orders).toMatchObject({ kind: 'table', comment: '订单' });
    expect(orders.row_estimate).toBeGreaterThan(ORDER_COUNT * 0.5);
    expect(orders.columns.find((column) => column.name === 'id')).toMatchObject({ primary_key: true, nullable: false, comment: '订单编号' });
    expect(orders.columns.find((column) => column.name === 'status')).toMatchObject({ primary_key: false, comment: '订单状态：1=已支付 2=已取消 3=已退款' });
    expect(orders.columns.find((column) => column.name === 'member_id')).toMatchObject({ nullable: true });
    expect(orders.foreign_keys).toEqual(
      expect.arrayContaining([
        { columns: ['store_id'], ref_table: 'stores', ref_columns: ['id'] },
        { columns: ['member_id'], ref_table: 'members', ref_columns: ['id'] },
      ]),
    );
  });

  it('keeps notes on tables and columns for everyone who may use the datasource; only its owner writes them', async () => {
    const created = expectOk(
      await t.call<DbTableNote>(
        '/api/db/extra_column_info/create_extra_table_info',
        {
          connection_id: connection.id,
          table_name: 'orders',
          description: '每笔交易一行',
          synonyms: ['交易'],
          columns: [
            { name: 'order_amount', description: '实付金额', synonyms: ['销售额', '营业额'], unit: '元' },
            { name: 'status', code_meanings: '1=已支付, 2=已取消, 3=已退款' },
          ],
        },
        alice,
      ),
    );
    expect(created.columns[0]).toEqual({ name: 'order_amount', description: '实付金额', synonyms: ['销售额', '营业额'], unit: '元', code_meanings: '', sample_values: [] });
    expectCode(await t.call('/api/db/extra_column_info/create_extra_table_info', { connection_id: connection.id, table_name: 'orders' }, alice), 40901, '表 orders 已有说明，请直接修改');
    const updated = expectOk(await t.call<DbTableNote>('/api/db/extra_column_info/update_extra_table_info', { id: created.id, description: '每笔交易一行（含退款）' }, alice));
    expect(updated).toMatchObject({ description: '每笔交易一行（含退款）', synonyms: ['交易'] });
    // Carol is on the access list: she reads the notes but cannot change them.
    expect(expectOk(await t.call<DbTableNote[]>('/api/db/extra_column_info/query_extra_table_info', { connection_id: connection.id }, carol))).toHaveLength(1);
    expectCode(await t.call('/api/db/extra_column_info/update_extra_table_info', { id: created.id, description: 'x' }, carol), 40301);
    expectCode(await t.call('/api/db/extra_column_info/query_extra_table_info_by_id', { id: created.id }, bob), 40401, '表说明不存在');
    expectOk(await t.call('/api/db/extra_column_info/delete_extra_table_info_by_id', { id: created.id }, alice));
    expect(expectOk(await t.call<DbTableNote[]>('/api/db/extra_column_info/query_extra_table_info', { connection_id: connection.id }, alice))).toEqual([]);
  });

  it('collects the distinct values of low-cardinality columns into the notes, on request', async () => {
    const note = expectOk(await t.call<DbTableNote>('/api/db/extra_column_info/collect_sample_values', { connection_id: connection.id, table_name: 'orders' }, alice));
    const samples = Object.fromEntries(note.columns.map((column) => [column.name, column.sample_values]));
    expect(samples.status).toEqual(['1', '2', '3']);
    expect([...samples.store_id!].sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(samples.id).toBeUndefined();
    expectCode(await t.call('/api/db/extra_column_info/collect_sample_values', { connection_id: connection.id, table_name: 'salaries' }, alice), 40001, '数据源中没有表 salaries');
    expectCode(await t.call('/api/db/extra_column_info/collect_sample_values', { connection_id: connection.id, table_name: 'orders' }, carol), 40301);
    expectCode(await t.call('/api/db/extra_column_info/collect_sample_values', { connection_id: connection.id, table_name: 'orders' }, bob), 40401, NOT_FOUND);
    expectOk(await t.call('/api/db/extra_column_info/delete_extra_table_info_by_id', { id: note.id }, alice));
  });

  it('hides a private datasource from other users (40401) and lets the access list in', async () => {
    for (const url of ['query_connection_by_id', 'query_tables_by_conn_id', 'query_access_list', 'delete_connection_by_id']) {
      expectCode(await t.call(`/api/db/dbconnect/${url}`, { id: connection.id }, bob), 40401, NOT_FOUND);
    }
    expectCode(await t.call('/api/db/dbconnect/update_connection', { id: connection.id, name: '改名' }, bob), 40401, NOT_FOUND);
    expect(expectOk(await t.call<Page<DbConnection>>('/api/db/dbconnect/query_connection', {}, bob)).list).toEqual([]);
    const seen = expectOk(await t.call<DbConnection>('/api/db/dbconnect/query_connection_by_id', { id: connection.id }, carol));
    expect(seen).toMatchObject({ id: connection.id, editable: false });
    expect(expectOk(await t.call<Page<DbConnection>>('/api/db/dbconnect/query_connection', {}, carol)).list.map((row) => row.id)).toEqual([connection.id]);
    expect(expectOk(await t.call<Page<DbConnection>>('/api/db/dbconnect/query_my_connection', {}, carol)).list).toEqual([]);
    expect(expectOk(await t.call('/api/db/dbconnect/query_access_list', { id: connection.id }, carol))).toEqual([
      { id: carolId, user_name: `ds_carol_${dialect}`, nick_name: `昵称ds_carol_${dialect}` },
    ]);
    expectCode(await t.call('/api/db/dbconnect/update_connection', { id: connection.id, name: '改名' }, carol), 40301);
  });

  it('answers a wrong password in Chinese within the connect timeout', async () => {
    // PostgreSQL here trusts every local sign-in: an unknown role is its refused sign-in.
    const wrong = dialect === 'mysql' ? { user: shop.reader.user, password: 'wrong-password' } : { user: 'no_such_role_x', password: 'wrong-password' };
    const started = Date.now();
    expectCode(
      await t.call('/api/db/dbconnect/create_connection', connectionBody(shop, { ...wrong, name: '错误密码' }), alice),
      50201,
      '数据库拒绝登录：用户名或密码不正确，或该用户没有从本机登录的权限',
    );
    expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 1000);
    expect(await t.rows(sql`select id from db_connections where name = '错误密码'`)).toEqual([]);
  });

  it('answers an unreachable or silent database in Chinese within the connect timeout', async () => {
    const closed = await silentServer();
    const closedPort = closed.port;
    await closed.close();
    const refused = await t.call('/api/db/dbconnect/test_connection', connectionBody(shop, { port: closedPort }), alice);
    expectCode(refused, 50201, '无法连接数据库：请检查主机地址、端口和网络，以及数据库是否已启动');
    const silent = await silentServer();
    try {
      const started = Date.now();
      expectCode(await t.call('/api/db/dbconnect/test_connection', connectionBody(shop, { port: silent.port }), alice), 50201, /无法连接数据库/);
      expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 1500);
    } finally {
      await silent.close();
    }
  });

  it('asks for TLS when told to: refused in Chinese within the timeout by a server without it, or a certificate it cannot verify', async () => {
    const tlsOn = await serverHasTls(shop);
    const noTls = '数据库服务器不支持 SSL/TLS 加密连接：请在数据库上启用 TLS，或把 SSL 改为「不使用」';
    for (const ssl_mode of ['require', 'verify']) {
      const started = Date.now();
      const answer = await t.call('/api/db/dbconnect/test_connection', connectionBody(shop, { ssl_mode }), alice);
      expect(Date.now() - started, ssl_mode).toBeLessThan(CONNECT_TIMEOUT_MS + 1000);
      if (!tlsOn) expectCode(answer, 50201, noTls);
      // A server with TLS here has a self-signed certificate for its machine's name: encrypted, but not verified.
      else if (ssl_mode === 'require') expectOk(answer);
      else expectCode(answer, 50201, /^数据库服务器的证书未通过校验（.+）：请填写与证书一致的主机名/);
    }
    const created = await t.call(
      '/api/db/dbconnect/create_connection',
      connectionBody(shop, { name: '要求加密', ssl_mode: 'require', user: shop.reader.user, password: shop.reader.password }),
      alice,
    );
    if (tlsOn) expect(expectOk<DbConnection>(created)).toMatchObject({ ssl_mode: 'require' });
    else expectCode(created, 50201, noTls);
  });

  it('reads the CA certificates of a datasource before it tries them', async () => {
    const broken = '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----';
    expectCode(await t.call('/api/db/dbconnect/test_connection', connectionBody(shop, { ssl_mode: 'verify', ssl_ca: broken }), alice), 40001, 'CA 证书无法读取：请粘贴完整的 PEM 证书');
    expectCode(await t.call('/api/db/dbconnect/test_connection', connectionBody(shop, { ssl_mode: 'verify', ssl_ca: 'MIIB' }), alice), 40001, /CA 证书必须是 PEM 格式/);
    expectCode(await t.call('/api/db/dbconnect/update_connection', { id: connection.id, ssl_ca: broken }, alice), 40001, 'CA 证书无法读取：请粘贴完整的 PEM 证书');
    expect(expectOk(await t.call<DbConnection>('/api/db/dbconnect/query_connection_by_id', { id: connection.id }, alice))).toMatchObject({ ssl_mode: 'disable', ssl_ca: '' });
  });

  it('refuses bad input in Chinese and private addresses for users without an allow-list', async () => {
    expectCode(await t.call('/api/db/dbconnect/create_connection', { ...connectionBody(shop), db_type: 'oracle' }, alice), 40001, /数据库类型只能是 mysql 或 postgresql/);
    expectCode(await t.call('/api/db/dbconnect/create_connection', { ...connectionBody(shop), port: 70000 }, alice), 40001, /端口最大为 65535/);
    expectCode(await t.call('/api/db/dbconnect/create_connection', { ...connectionBody(shop), host: 'a b' }, alice), 40001, /主机地址只能是域名或 IP 地址/);
    expectCode(await t.call('/api/db/dbconnect/test_connection', connectionBody(shop, { host: '127.0.0.2' }), alice), 50201, /不允许访问本机、内网或链路本地地址（127\.0\.0\.2）/);
  });

  it('drops a deleted user from the access list when it is saved again, and refuses ids that name no one', async () => {
    await t.signUp(`ds_dave_${dialect}`);
    const daveId = String((await t.userRow(`ds_dave_${dialect}`))!.id);
    expectOk(await t.call('/api/db/dbconnect/update_connection', { id: connection.id, access_user_ids: [carolId, daveId] }, alice));
    expectOk(await t.call('/api/user/del_user', { user_id: daveId }, admin));
    expect(expectOk(await t.call<Array<{ id: string }>>('/api/db/dbconnect/query_access_list', { id: connection.id }, alice)).map((user) => user.id)).toEqual([carolId]);
    // The form sends back the list it was given, the deleted user included.
    const saved = expectOk(await t.call<DbConnection>('/api/db/dbconnect/update_connection', { id: connection.id, access_user_ids: [carolId, daveId] }, alice));
    expect(saved.access_user_ids).toEqual([carolId]);
    expectCode(
      await t.call('/api/db/dbconnect/update_connection', { id: connection.id, access_user_ids: [carolId, '00000000-0000-4000-8000-000000000000'] }, alice),
      40001,
      '访问名单中有不存在的用户',
    );
  });

  it('changes and deletes a datasource; a changed sign-in is tested first', async () => {
    const renamed = expectOk(await t.call<DbConnection>('/api/db/dbconnect/update_connection', { id: connection.id, name: '门店库', is_public: true }, alice));
    expect(renamed).toMatchObject({ name: '门店库', is_public: true, has_password: true });
    expect(expectOk(await t.call<DbConnection>('/api/db/dbconnect/query_connection_by_id', { id: connection.id }, bob))).toMatchObject({ editable: false });
    expectCode(await t.call('/api/db/dbconnect/update_connection', { id: connection.id, port: 1 }, alice), 50201, /无法连接数据库/);
    expectOk(await t.call('/api/db/dbconnect/delete_connection_by_id', { id: connection.id }, alice));
    expectCode(await t.call('/api/db/dbconnect/query_connection_by_id', { id: connection.id }, alice), 40401, NOT_FOUND);
  });
});
