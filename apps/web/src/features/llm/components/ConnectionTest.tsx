import type { TestLlmConnectionBody, TestLlmConnectionResult } from '@agent-platform/contracts';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { LLM_TOAST, MODEL_FORM_TEXT, MODEL_LIST_TEXT } from '../constants';
import { useTestConnection } from '../queries';

/**
 * 测试连接: a one-token call. The latency or the Chinese reason is kept for a result line beside the
 * button and also shown in a toast.
 */
export function useConnectionTest() {
  const test = useTestConnection();
  const [result, setResult] = useState<TestLlmConnectionResult | null>(null);

  const run = (body: TestLlmConnectionBody) => {
    setResult(null);
    test.mutate(body, {
      onSuccess: (answer) => {
        setResult(answer);
        if (answer.ok) toast.success(LLM_TOAST.testOk, { description: MODEL_LIST_TEXT.latencyOf(answer.latency_ms) });
        else toast.error(LLM_TOAST.testFailed, { description: answer.reason });
      },
      onError: (error) => {
        setResult({ ok: false, latency_ms: 0, reason: error.message });
        toast.error(LLM_TOAST.testFailed, { description: error.message });
      },
    });
  };

  return { run, isPending: test.isPending, result };
}

/** The last test's outcome: `连接成功 · 12 ms`, or `连接失败` with the reason (in full, or on hover when compact). */
export function ConnectionTestResult({ result, compact = false }: { result: TestLlmConnectionResult | null; compact?: boolean }) {
  if (!result) return null;
  if (result.ok) {
    return (
      <Typography.Text type="success" data-testid="connection-result" style={{ fontSize: compact ? 12 : undefined }}>
        <CheckCircleFilled /> {MODEL_FORM_TEXT.testOk(result.latency_ms)}
      </Typography.Text>
    );
  }
  const text = (
    <Typography.Text type="danger" data-testid="connection-result" style={{ fontSize: compact ? 12 : undefined }}>
      <CloseCircleFilled /> {compact ? MODEL_FORM_TEXT.testFailed : `${MODEL_FORM_TEXT.testFailed}：${result.reason ?? ''}`}
    </Typography.Text>
  );
  return compact ? <Tooltip title={result.reason}>{text}</Tooltip> : text;
}
