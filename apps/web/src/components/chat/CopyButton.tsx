import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CHAT_TEXT } from './constants';

const COPIED_MS = 1_500;

/** Copies `text` to the clipboard; the icon turns into a tick for a moment. */
export function CopyButton({ text, label = CHAT_TEXT.copy }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => {
        setCopied(true);
        toast.success(CHAT_TEXT.copied);
      },
      () => toast.error(CHAT_TEXT.copyFailed),
    );
  };

  return (
    <Tooltip title={copied ? CHAT_TEXT.copied : label}>
      <Button type="text" size="small" aria-label={label} icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={copy} />
    </Tooltip>
  );
}
