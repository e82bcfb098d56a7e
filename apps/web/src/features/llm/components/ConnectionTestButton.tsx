import type { TestLlmConnectionBody, TestLlmConnectionResult } from '@agent-platform/contracts';
import { ApiOutlined, CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { LLM_TOAST, MODEL_FORM_TEXT, MODEL_LIST_TEXT } from '../constants';
import { useTestConnection } from '../queries';

interface ConnectionTestButtonProps {
  /** The body to test with, read at click time (the form's current, unsaved values). */
  body: () => Promise<TestLlmConnectionBody | null> | TestLlmConnectionBody | null;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}

/** 测试连接: a one-token call; the latency or the Chinese reason shows beside the button and in a toast. */
export function ConnectionTestButton({ body, size = 'middle', type = 'default' }: ConnectionTestButtonProps) {
  const test = useTestConnection();
  const [result, setResult] = useState<TestLlmConnectionResult | null>(null);

  const run = async () => {
    const request = await body();
    if (!request) return;
    setResult(null);
    test.mutate(request, {
      onSuccess: (answer) => {
        setResult(answer);
        if (answer.ok) toast.success(LLM_TOAST.testOk, { description: MODEL_FORM_TEXT.testOk(answer.latency_ms) });
        else toast.error(LLM_TOAST.testFailed, { description: answer.reason });
      },
      onError: (error) => {
        setResult({ ok: false, latency_ms: 0, reason: error.message });
        toast.error(LLM_TOAST.testFailed, { description: error.message });
      },
    });
  };

  return (
    <Space size={4} wrap>
      <Button size={size} type={type} icon={type === 'link' ? undefined : <ApiOutlined />} loading={test.isPending} onClick={() => void run()}>
        {MODEL_LIST_TEXT.testConnection}
      </Button>
      {result?.ok ? (
        <Typography.Text type="success" data-testid="connection-result">
          <CheckCircleFilled /> {MODEL_LIST_TEXT.latency(result.latency_ms)}
        </Typography.Text>
      ) : null}
      {result && !result.ok ? (
        <Tooltip title={result.reason}>
          <Typography.Text type="danger" data-testid="connection-result">
            <CloseCircleFilled /> {type === 'link' ? MODEL_FORM_TEXT.testFailed : `${MODEL_FORM_TEXT.testFailed}：${result.reason ?? ''}`}
          </Typography.Text>
        </Tooltip>
      ) : null}
    </Space>
  );
}
