import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a stand-in answers: an HTTP status and a JSON body. */
export interface StandInAnswer {
  status: number;
  json: unknown;
}

export interface StandInRequest {
  method: string;
  /** The path and query as sent. */
  url: string;
  /** Node's lower-cased header names. */
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One message a stand-in accepted. */
export interface AcceptedSms {
  phone: string;
  signName: string;
  template: string;
  /** The template's values by name (Alibaba Cloud) or by position `1`, `2`, … (Tencent Cloud). */
  params: Record<string, string>;
}

export interface SmsStandIn {
  /** `http://127.0.0.1:<port>`: the base URL to configure as `system.sms.endpoint`. */
  url: string;
  /** Messages accepted, oldest first. */
  accepted: AcceptedSms[];
  /** Every request as it arrived, for checking what was sent (headers, body). */
  requests: StandInRequest[];
  close(): Promise<void>;
}

export const requestId = () => randomUUID().toUpperCase();

/** A real HTTP server on 127.0.0.1 answering each request with `answer`. */
export async function startStandIn(answer: (request: StandInRequest, accepted: AcceptedSms[]) => StandInAnswer): Promise<SmsStandIn> {
  const accepted: AcceptedSms[] = [];
  const requests: StandInRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const { status, json } = answer(request, accepted);
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accepted,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
