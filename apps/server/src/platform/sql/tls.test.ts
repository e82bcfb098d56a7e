import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Duplex, PassThrough } from 'node:stream';
import tls from 'node:tls';
import type { DbSslMode, DbType } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlClient, SqlClientError } from './index.js';

// A test CA and a server certificate it signed for the name `localhost` only (no IP address), made with:
//   openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout ca-key.pem -out ca.pem -days 36500 \
//     -subj "/CN=Agent Platform Test CA" -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
//   openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout server-key.pem -out server.csr -subj "/CN=localhost"
//   openssl x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -out server.pem -days 36500 -extfile ext.cnf
//     (ext.cnf: subjectAltName=DNS:localhost, extendedKeyUsage=serverAuth)
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/tls');
const CA = fs.readFileSync(path.join(FIXTURES, 'ca.pem'), 'utf8');
const SERVER = { key: fs.readFileSync(path.join(FIXTURES, 'server-key.pem')), cert: fs.readFileSync(path.join(FIXTURES, 'server.pem')) };

const AUTH_REFUSED = '数据库拒绝登录：用户名或密码不正确，或该用户没有从本机登录的权限';
const certificateRefused = (reason: string) =>
  `数据库服务器的证书未通过校验（${reason}）：请填写与证书一致的主机名、在「CA 证书」中填入签发它的机构的证书，或把 SSL 改为「使用（不校验证书）」`;

const u16 = (value: number) => Buffer.from([value & 0xff, (value >> 8) & 0xff]);
const u32 = (value: number) => Buffer.from([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, (value >>> 24) & 0xff]);
const mysqlPacket = (sequence: number, payload: Buffer) => Buffer.concat([u32(payload.length).subarray(0, 3), Buffer.from([sequence]), payload]);

/** MySQL's first packet (protocol 10), offering TLS. */
function mysqlGreeting(): Buffer {
  // LONG_PASSWORD, CONNECT_WITH_DB, PROTOCOL_41, SSL, TRANSACTIONS, SECURE_CONNECTION, PLUGIN_AUTH
  const capabilities = 0x1 | 0x8 | 0x200 | 0x800 | 0x2000 | 0x8000 | 0x80000;
  return mysqlPacket(
    0,
    Buffer.concat([
      Buffer.from([10]),
      Buffer.from('8.0.0-tls-test\0'),
      u32(1),
      Buffer.alloc(8, 0x61),
      Buffer.from([0]),
      u16(capabilities & 0xffff),
      Buffer.from([45]),
      u16(2),
      u16(capabilities >>> 16),
      Buffer.from([21]),
      Buffer.alloc(10),
      Buffer.alloc(12, 0x62),
      Buffer.from([0]),
      Buffer.from('mysql_native_password\0'),
    ]),
  );
}

const pgError = (code: string, message: string) => {
  const fields = Buffer.concat([Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0`), Buffer.from([0])]);
  const length = Buffer.alloc(4);
  length.writeInt32BE(fields.length + 4);
  return Buffer.concat([Buffer.from('E'), length, fields]);
};

/**
 * A database server that speaks just enough of its protocol to upgrade to TLS with the test
 * certificate and then refuse the sign-in: a client that gets the refusal has passed the TLS checks.
 */
async function tlsServer(dialect: DbType): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  /** TLS from here on; `early`: bytes of the client's TLS hello that came with its request for TLS (MySQL does not wait). */
  const secure = (socket: net.Socket, early: Buffer, refusal: Buffer) => {
    const inbound = new PassThrough();
    inbound.write(early);
    socket.on('data', (chunk) => inbound.write(chunk));
    socket.on('close', () => inbound.destroy());
    const wrapped = new tls.TLSSocket(Duplex.from({ readable: inbound, writable: socket }), { isServer: true, ...SERVER });
    wrapped.on('error', () => {});
    wrapped.once('data', () => wrapped.end(refusal));
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    if (dialect === 'mysql') {
      socket.write(mysqlGreeting());
      // The client's SSL request (36 bytes), then its sign-in over TLS (sequence 2), answered with error 1045.
      socket.once('data', (chunk) => secure(socket, chunk.subarray(36), mysqlPacket(3, Buffer.concat([Buffer.from([0xff]), u16(1045), Buffer.from('#28000Access denied')]))));
    } else {
      // The client's SSLRequest: 'S' (TLS follows), then its startup message over TLS.
      socket.once('data', (chunk) => {
        socket.write('S');
        secure(socket, chunk.subarray(8), pgError('28P01', 'password authentication failed'));
      });
    }
  });
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

describe.each(['mysql', 'postgresql'] as const)('TLS to a %s server', (dialect) => {
  let server: Awaited<ReturnType<typeof tlsServer>>;
  beforeAll(async () => {
    server = await tlsServer(dialect);
  });
  afterAll(() => server?.close());

  /** Signs in to the test server at 127.0.0.1, as the user named it; the failure's Chinese message. */
  async function signIn(serverName: string, sslMode: DbSslMode, sslCa = ''): Promise<string> {
    const client = openSqlClient(
      { dialect, host: '127.0.0.1', serverName, port: server.port, database: 'shop', schema: '', user: 'reader', password: 'secret', sslMode, sslCa, connectTimeoutMs: 3000 },
      3000,
    );
    try {
      await client.serverVersion();
      return 'signed in';
    } catch (error) {
      if (error instanceof SqlClientError) return error.message;
      throw error;
    } finally {
      await client.close().catch(() => {});
    }
  }

  it('verifies the certificate against the CA given and the name the user gave, connecting to the checked address', async () => {
    expect(await signIn('localhost', 'verify', CA)).toBe(AUTH_REFUSED);
  });

  it('refuses a certificate that does not name the host', async () => {
    expect(await signIn('127.0.0.1', 'verify', CA)).toBe(certificateRefused('证书上的名称与主机地址不符'));
  });

  it('refuses a certificate from an authority it was not told to trust', async () => {
    expect(await signIn('localhost', 'verify')).toMatch(/^数据库服务器的证书未通过校验（(无法确认证书的签发机构|证书的签发机构不受信任)）/);
  });

  it('encrypts without checking the certificate when only asked to require TLS', async () => {
    expect(await signIn('127.0.0.1', 'require')).toBe(AUTH_REFUSED);
  });
});
