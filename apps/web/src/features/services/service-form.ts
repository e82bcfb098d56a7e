import type { CreateServiceBody, McpConfigBody, McpService, McpTransport, UpdateServiceBody } from '@agent-platform/contracts';
import { fromKeyValues as toMap, toKeyValues as toList, type KeyValue } from '../tools/reuse';

export interface ServiceFormValues {
  name: string;
  description: string;
  tags: string[];
  is_public: boolean;
  /** Seconds; empty takes the server's limit. */
  call_timeout_seconds: number | null;
  transport: McpTransport;
  url: string;
  headers: KeyValue[];
  command: string;
  args: string[];
  env: KeyValue[];
}

/** The saved service's values (header values come masked and are kept when sent back unchanged) or defaults. */
export function initialServiceValues(service?: McpService): ServiceFormValues {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    tags: service?.tags ?? [],
    is_public: service?.is_public ?? false,
    call_timeout_seconds: service?.call_timeout_ms ? service.call_timeout_ms / 1000 : null,
    transport: service?.transport ?? 'streamable_http',
    url: service?.url ?? '',
    headers: toList(service?.headers),
    command: service?.command ?? '',
    args: service?.args ?? [],
    env: toList(service?.env),
  };
}

/** The connection part: a URL and headers for HTTP transports, a command for stdio. */
function connection(values: ServiceFormValues) {
  const stdio = values.transport === 'stdio';
  return {
    transport: values.transport,
    url: stdio ? '' : values.url.trim(),
    headers: stdio ? {} : toMap(values.headers),
    command: stdio ? values.command.trim() : '',
    args: stdio ? (values.args ?? []) : [],
    env: stdio ? toMap(values.env) : {},
  };
}

export function toServiceBody(values: ServiceFormValues): CreateServiceBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    tags: values.tags ?? [],
    is_public: values.is_public,
    call_timeout_ms: values.call_timeout_seconds ? Math.round(values.call_timeout_seconds * 1000) : null,
    ...connection(values),
  };
}

export function toUpdateServiceBody(id: string, values: ServiceFormValues): UpdateServiceBody {
  return { id, ...toServiceBody(values) };
}

/** 测试连接 with what the form holds; `id` lets masked values stand for the stored ones. */
export function toTestBody(values: ServiceFormValues, id?: string): McpConfigBody {
  return { ...connection(values), name: values.name.trim() || undefined, ...(id ? { id } : {}) };
}
