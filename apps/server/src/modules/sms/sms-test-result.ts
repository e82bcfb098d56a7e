import { SMS_PROVIDER_LABELS, type SmsProviderKind, type SmsTestResult } from '@agent-platform/contracts';
import { OutboundError, OutboundRefused } from '../../platform/net/index.js';
import type { SmsReceipt } from './sms.providers.js';
import { SmsVendorError } from './vendors/vendor-errors.js';

/** 138****0000: enough to tell which phone, not the whole number. */
const masked = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

export function testSuccess(kind: SmsProviderKind, phone: string, receipt: SmsReceipt | void): SmsTestResult {
  const message =
    kind === 'log'
      ? `测试验证码已写入服务器日志（当前服务商为「${SMS_PROVIDER_LABELS.log}」，不会真正发送短信）`
      : `${SMS_PROVIDER_LABELS[kind]}已受理测试验证码，请查看手机 ${masked(phone)} 是否收到`;
  return { sent: true, provider: kind, message, vendor_code: receipt?.code ?? null, request_id: receipt?.requestId ?? null };
}

/** The provider's refusal, or why it could not be reached, in Chinese. */
export function testFailure(kind: SmsProviderKind, error: unknown): SmsTestResult {
  if (error instanceof SmsVendorError) return { sent: false, provider: kind, message: error.message, vendor_code: error.vendorCode, request_id: error.requestId };
  const reason = error instanceof OutboundError || error instanceof OutboundRefused ? error.message : '发送时出现内部错误，详情见服务器日志';
  return { sent: false, provider: kind, message: `${SMS_PROVIDER_LABELS[kind]}发送失败：${reason}`, vendor_code: null, request_id: null };
}
