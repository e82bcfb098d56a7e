import axios, { AxiosError, AxiosHeaders, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { ENVELOPE_CODES, isSuccessCode, TOKEN_REQUEST_HEADER, TOKEN_RESPONSE_HEADER, type Envelope } from '@agent-platform/contracts';
import { buildLoginPath, isAnonymousPath, LICENSE_EXPIRE_PATH } from './redirect';
import { clearToken, getToken, setToken } from './token';

/** Two minutes by default; 0 (none) for uploads, rag search, tool use, model start/stop. */
export const DEFAULT_TIMEOUT = 120_000;
export const NO_TIMEOUT = 0;

/** The product's error catalogue. */
export const HTTP_ERROR_TEXT = {
  timeout: '请求超时',
  unknown: '未知错误',
  badCredentials: '请检查用户名和密码是否正确',
  accountPending: '当前账号尚未审核，请联系管理员审核后登录',
} as const;

const CODE_MESSAGES: Partial<Record<number, string>> = {
  [ENVELOPE_CODES.BAD_CREDENTIALS]: HTTP_ERROR_TEXT.badCredentials,
  [ENVELOPE_CODES.ACCOUNT_PENDING]: HTTP_ERROR_TEXT.accountPending,
};

export type ApiErrorKind = 'envelope' | 'http' | 'timeout' | 'network' | 'unknown';

/** Every failed call rejects with this: `message` is what the user is shown. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The envelope code, when the server answered with an envelope. */
  readonly code: number | null;
  readonly status: number | null;
  /** The server's body as it came (other error bodies are passed on as they are). */
  readonly body: unknown;

  constructor(message: string, init: { kind: ApiErrorKind; code?: number | null; status?: number | null; body?: unknown }) {
    super(message);
    this.kind = init.kind;
    this.code = init.code ?? null;
    this.status = init.status ?? null;
    this.body = init.body;
  }
}

/** What happens on 40101 and on a licence expiry; the app replaces these with router navigation. */
export interface HttpHandlers {
  onUnauthenticated: () => void;
  onLicenseExpired: () => void;
}

const defaultHandlers: HttpHandlers = {
  onUnauthenticated: () => {
    if (!isAnonymousPath(window.location.pathname)) window.location.assign(buildLoginPath(window.location));
  },
  onLicenseExpired: () => {
    if (window.location.pathname !== LICENSE_EXPIRE_PATH) window.location.assign(LICENSE_EXPIRE_PATH);
  },
};

let handlers: HttpHandlers = defaultHandlers;

export function setHttpHandlers(next: Partial<HttpHandlers>): void {
  handlers = { ...defaultHandlers, ...next };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEnvelope(body: unknown): body is Envelope {
  return isRecord(body) && typeof body.code === 'number' && 'data' in body;
}

function envelopeError(body: Envelope, status: number | null): ApiError {
  if (body.code === ENVELOPE_CODES.UNAUTHENTICATED) {
    clearToken();
    handlers.onUnauthenticated();
  }
  if (body.code === ENVELOPE_CODES.LICENSE_EXPIRED && status === 403) handlers.onLicenseExpired();
  const message = CODE_MESSAGES[body.code] ?? (body.msg || HTTP_ERROR_TEXT.unknown);
  return new ApiError(message, { kind: 'envelope', code: body.code, status, body });
}

/** HTTP 403 with envelope code 40302: the licence has expired. */
export function isLicenseExpired(error: unknown): boolean {
  return error instanceof ApiError && error.code === ENVELOPE_CODES.LICENSE_EXPIRED && error.status === 403;
}

/**
 * The error for a failed answer's body: an envelope goes through the catalogue (40101 signs the user
 * out, 40302 with HTTP 403 goes to the licence page); any other body is passed on as it is.
 */
export function errorFromBody(body: unknown, status: number | null): ApiError {
  if (isEnvelope(body)) return envelopeError(body, status);
  const msg = isRecord(body) && typeof body.msg === 'string' && body.msg ? body.msg : HTTP_ERROR_TEXT.unknown;
  return new ApiError(msg, { kind: 'http', status, body });
}

/** An envelope whose code is not a success code, for callers that read bodies themselves (streams). */
export function isFailedEnvelope(body: unknown): boolean {
  return isEnvelope(body) && !isSuccessCode(body.code);
}

function responseError(response: AxiosResponse): ApiError {
  return errorFromBody(response.data, response.status);
}

/** Turns anything a call may throw into an ApiError with the catalogue's message. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    const timedOut = error.code === AxiosError.ETIMEDOUT || (error.code === AxiosError.ECONNABORTED && /timeout/i.test(error.message));
    if (timedOut) return new ApiError(HTTP_ERROR_TEXT.timeout, { kind: 'timeout' });
    if (error.response) return responseError(error.response);
    return new ApiError(HTTP_ERROR_TEXT.unknown, { kind: 'network' });
  }
  return new ApiError(HTTP_ERROR_TEXT.unknown, { kind: 'unknown' });
}

/** A rotated token arrives in the `access_token` header: keep it and copy it into the body's token. */
function rotateToken(response: AxiosResponse): void {
  const headers = AxiosHeaders.from(response.headers as ConstructorParameters<typeof AxiosHeaders>[0]);
  const token = headers.get(TOKEN_RESPONSE_HEADER);
  if (typeof token !== 'string' || !token) return;
  setToken(token);
  if (isRecord(response.data)) response.data.token = token;
}

function checkResponse(response: AxiosResponse): AxiosResponse {
  rotateToken(response);
  const body: unknown = response.data;
  if (isEnvelope(body)) {
    if (!isSuccessCode(body.code)) throw envelopeError(body, response.status);
    return response;
  }
  if (response.status >= 200 && response.status < 300) return response;
  throw responseError(response);
}

export function createClient(baseURL: string): AxiosInstance {
  const client = axios.create({
    baseURL,
    timeout: DEFAULT_TIMEOUT,
    // Every status reaches checkResponse: the envelope decides, not the HTTP status alone.
    validateStatus: () => true,
    transitional: { clarifyTimeoutError: true },
  });
  client.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set(TOKEN_REQUEST_HEADER, token);
    return config;
  });
  client.interceptors.response.use(checkResponse, (error: unknown) => Promise.reject(toApiError(error)));
  return client;
}

export interface Http {
  client: AxiosInstance;
  /** POST with a JSON body; resolves with the envelope's data. */
  post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  /** POST; resolves with the whole envelope (callers that read code and msg themselves). */
  postRaw<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<Envelope<T>>;
  /** GET; resolves with the envelope's data. */
  get<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  /** GET of a plain (non-envelope) body such as /version.json. */
  getBody<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
}

export function createHttp(baseURL: string): Http {
  const client = createClient(baseURL);
  const postRaw = async <T>(url: string, body?: unknown, config?: AxiosRequestConfig) => (await client.post<Envelope<T>>(url, body, config)).data;
  return {
    client,
    postRaw,
    post: async <T>(url: string, body?: unknown, config?: AxiosRequestConfig) => (await postRaw<T>(url, body, config)).data,
    get: async <T>(url: string, config?: AxiosRequestConfig) => (await client.get<Envelope<T>>(url, config)).data.data,
    getBody: async <T>(url: string, config?: AxiosRequestConfig) => (await client.get<T>(url, config)).data,
  };
}

/** The main client (`/api`) and the sign-in/register client (`/ai-sdk-api`). */
export const http = createHttp('/api');
export const authHttp = createHttp('/ai-sdk-api');
/** Files at the site root that are not under /api (e.g. /version.json). */
export const rootHttp = createHttp('');

/** For a body that is a bare JSON string (e.g. the phone number of /sms/send_verification_code). */
export function jsonString(value: string): [string, AxiosRequestConfig] {
  return [JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } }];
}
