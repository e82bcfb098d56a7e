import net from 'node:net';
import tls from 'node:tls';
import type { SqlTarget } from './sql-client.js';

/**
 * TLS settings both drivers take. `require`: encrypted, any certificate. `verify`: the certificate
 * must chain to a trusted authority (the system's, and the datasource's own CA when given) and name
 * the host the user gave; an IP address is matched against the certificate's IP entries.
 */
export function tlsOptions(target: SqlTarget): { rejectUnauthorized: boolean; ca?: string[]; servername?: string } {
  const verify = target.sslMode === 'verify';
  return {
    rejectUnauthorized: verify,
    ...(verify && target.sslCa ? { ca: [...tls.rootCertificates, target.sslCa] } : {}),
    // Server name indication takes names only (RFC 6066); for an address the check uses the socket's.
    ...(net.isIP(target.serverName) ? {} : { servername: target.serverName }),
  };
}
