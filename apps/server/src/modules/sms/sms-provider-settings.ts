import {
  SMS_ACCESS_KEY_ID_PROPERTY,
  SMS_ACCESS_KEY_SECRET_PROPERTY,
  SMS_DEFAULT_ENDPOINTS,
  SMS_DEFAULT_REGIONS,
  SMS_DEFAULT_TEMPLATE_PARAM,
  SMS_ENDPOINT_PROPERTY,
  SMS_PROVIDER_KINDS,
  SMS_PROVIDER_LABELS,
  SMS_PROVIDER_PROPERTY,
  SMS_REGION_PROPERTY,
  SMS_SDK_APP_ID_PROPERTY,
  SMS_SIGN_NAME_PROPERTY,
  SMS_TEMPLATE_CODE_PROPERTY,
  SMS_TEMPLATE_PARAM_PROPERTY,
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

const TEXT_CODES = [
  SMS_PROVIDER_PROPERTY,
  SMS_ENDPOINT_PROPERTY,
  SMS_REGION_PROPERTY,
  SMS_SIGN_NAME_PROPERTY,
  SMS_TEMPLATE_CODE_PROPERTY,
  SMS_TEMPLATE_PARAM_PROPERTY,
  SMS_SDK_APP_ID_PROPERTY,
  SMS_ACCESS_KEY_ID_PROPERTY,
] as const;

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
    const text = (code: (typeof TEXT_CODES)[number]) => values.get(code) ?? '';
    const chosen = text(SMS_PROVIDER_PROPERTY);
    const kind: SmsProviderKind = isKind(chosen) ? chosen : sources.serverProvider;
    const endpoint = text(SMS_ENDPOINT_PROPERTY);
    if (kind === 'log') return { kind, provider: sources.logProvider };
    if (kind === 'webhook') {
      const url = endpoint || sources.serverWebhookUrl || '';
      requireFilled(kind, { [SMS_ENDPOINT_PROPERTY]: url });
      return { kind, provider: webhookSmsProvider(outbound, url) };
    }
    const secret = await system.secretValue(SMS_ACCESS_KEY_SECRET_PROPERTY);
    const common = {
      [SMS_SIGN_NAME_PROPERTY]: text(SMS_SIGN_NAME_PROPERTY),
      [SMS_TEMPLATE_CODE_PROPERTY]: text(SMS_TEMPLATE_CODE_PROPERTY),
      [SMS_ACCESS_KEY_ID_PROPERTY]: text(SMS_ACCESS_KEY_ID_PROPERTY),
      [SMS_ACCESS_KEY_SECRET_PROPERTY]: secret,
    };
    const base = {
      endpoint: endpoint || SMS_DEFAULT_ENDPOINTS[kind],
      signName: text(SMS_SIGN_NAME_PROPERTY),
      accessKeyId: text(SMS_ACCESS_KEY_ID_PROPERTY),
      accessKeySecret: secret ?? '',
    };
    if (kind === 'aliyun') {
      requireFilled(kind, common);
      return {
        kind,
        provider: aliyunSmsProvider(outbound, {
          ...base,
          regionId: text(SMS_REGION_PROPERTY) || SMS_DEFAULT_REGIONS.aliyun,
          templateCode: text(SMS_TEMPLATE_CODE_PROPERTY),
          templateParam: text(SMS_TEMPLATE_PARAM_PROPERTY) || SMS_DEFAULT_TEMPLATE_PARAM,
        }),
      };
    }
    requireFilled(kind, { ...common, [SMS_SDK_APP_ID_PROPERTY]: text(SMS_SDK_APP_ID_PROPERTY) });
    return {
      kind,
      provider: tencentSmsProvider(outbound, {
        endpoint: base.endpoint,
        region: text(SMS_REGION_PROPERTY) || SMS_DEFAULT_REGIONS.tencent,
        secretId: base.accessKeyId,
        secretKey: base.accessKeySecret,
        sdkAppId: text(SMS_SDK_APP_ID_PROPERTY),
        signName: base.signName,
        templateId: text(SMS_TEMPLATE_CODE_PROPERTY),
      }),
    };
  };
}
