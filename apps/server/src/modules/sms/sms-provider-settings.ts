import {
  SMS_DEFAULT_ENDPOINTS,
  SMS_DEFAULT_REGIONS,
  SMS_DEFAULT_TEMPLATE_PARAM,
  SMS_PROVIDER_KINDS,
  SMS_PROPERTY,
  SMS_PROVIDER_LABELS,
  knownPropertyOf,
  type SmsProviderKind,
} from '@agent-platform/contracts';
import { badInput } from '../../core/index.js';
import type { Outbound } from '../../platform/net/index.js';
import type { SystemService } from '../system/index.js';
import { webhookSmsProvider, type SmsProvider } from './sms.providers.js';
import { aliyunSmsProvider } from './vendors/aliyun-sms.js';
import { tencentSmsProvider } from './vendors/tencent-sms.js';

export interface ConfiguredSmsProvider {
  kind: SmsProviderKind;
  provider: SmsProvider;
}

export interface SmsProviderSources {
  system: SystemService;
  outbound: Outbound;
  /** The server's configuration: the provider used while `system.sms.provider` is empty, and the webhook's URL. */
  serverProvider: 'log' | 'webhook';
  serverWebhookUrl: string | undefined;
  /** The `log` provider (tests put one here that keeps the codes). */
  logProvider: SmsProvider;
}

/** Every SMS property but the secret, which is opened apart. */
const TEXT_CODES = Object.values(SMS_PROPERTY).filter((code) => code !== SMS_PROPERTY.accessKeySecret);

const isKind = (value: string): value is SmsProviderKind => (SMS_PROVIDER_KINDS as readonly string[]).includes(value);

/** Refuses a provider whose required properties are empty, naming each one as the property page does. */
function requireFilled(kind: SmsProviderKind, values: Record<string, string | null>): void {
  const missing = Object.entries(values)
    .filter(([, value]) => !value)
    .map(([code]) => `${knownPropertyOf(code)?.name ?? code}（${code}）`);
  if (missing.length > 0) throw badInput(`${SMS_PROVIDER_LABELS[kind]}尚未配置完整，请在系统属性中填写：${missing.join('、')}`);
}

/** Reads the provider an administrator chose (or the server's) and builds it from the properties, on each send. */
export function createSmsProviderResolver(sources: SmsProviderSources): () => Promise<ConfiguredSmsProvider> {
  const { system, outbound } = sources;
  return async () => {
    const values = await system.textValues(TEXT_CODES);
    const text = (code: string) => values.get(code) ?? '';
    const chosen = text(SMS_PROPERTY.provider);
    const kind: SmsProviderKind = isKind(chosen) ? chosen : sources.serverProvider;
    const endpoint = text(SMS_PROPERTY.endpoint);
    if (kind === 'log') return { kind, provider: sources.logProvider };
    if (kind === 'webhook') {
      const url = endpoint || sources.serverWebhookUrl || '';
      requireFilled(kind, { [SMS_PROPERTY.endpoint]: url });
      return { kind, provider: webhookSmsProvider(outbound, url) };
    }
    const secret = await system.secretValue(SMS_PROPERTY.accessKeySecret);
    const common = {
      [SMS_PROPERTY.signName]: text(SMS_PROPERTY.signName),
      [SMS_PROPERTY.templateCode]: text(SMS_PROPERTY.templateCode),
      [SMS_PROPERTY.accessKeyId]: text(SMS_PROPERTY.accessKeyId),
      [SMS_PROPERTY.accessKeySecret]: secret,
    };
    const base = {
      endpoint: endpoint || SMS_DEFAULT_ENDPOINTS[kind],
      signName: text(SMS_PROPERTY.signName),
      accessKeyId: text(SMS_PROPERTY.accessKeyId),
      accessKeySecret: secret ?? '',
    };
    if (kind === 'aliyun') {
      requireFilled(kind, common);
      return {
        kind,
        provider: aliyunSmsProvider(outbound, {
          ...base,
          regionId: text(SMS_PROPERTY.region) || SMS_DEFAULT_REGIONS.aliyun,
          templateCode: text(SMS_PROPERTY.templateCode),
          templateParam: text(SMS_PROPERTY.templateParam) || SMS_DEFAULT_TEMPLATE_PARAM,
        }),
      };
    }
    requireFilled(kind, { ...common, [SMS_PROPERTY.sdkAppId]: text(SMS_PROPERTY.sdkAppId) });
    return {
      kind,
      provider: tencentSmsProvider(outbound, {
        endpoint: base.endpoint,
        region: text(SMS_PROPERTY.region) || SMS_DEFAULT_REGIONS.tencent,
        secretId: base.accessKeyId,
        secretKey: base.accessKeySecret,
        sdkAppId: text(SMS_PROPERTY.sdkAppId),
        signName: base.signName,
        templateId: text(SMS_PROPERTY.templateCode),
      }),
    };
  };
}
