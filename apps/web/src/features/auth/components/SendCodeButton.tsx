import { Button, Form } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { AUTH_TEXT, AUTH_TOAST, RESEND_SECONDS } from '../constants';
import { useSendVerificationCode } from '../queries';

/**
 * Validates the form's phone field, asks for a code, then counts down 60 seconds
 * (`N秒后重新获取`) before it may be pressed again.
 */
export function SendCodeButton({ phoneField = 'phone' }: { phoneField?: string }) {
  const form = Form.useFormInstance();
  const sendCode = useSendVerificationCode();
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = window.setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const onClick = async () => {
    let phone: string;
    try {
      phone = String(((await form.validateFields([phoneField])) as Record<string, unknown>)[phoneField]);
    } catch {
      return; // the phone field now shows why
    }
    sendCode.mutate(phone, {
      onSuccess: () => {
        toast.success(AUTH_TOAST.codeSent);
        setSecondsLeft(RESEND_SECONDS);
      },
      onError: (error) => toast.error(AUTH_TOAST.codeSendFailed, { description: error.message }),
    });
  };

  const counting = secondsLeft > 0;
  return (
    <Button onClick={onClick} disabled={counting} loading={sendCode.isPending} style={{ minWidth: 128 }}>
      {counting ? AUTH_TEXT.resendIn(secondsLeft) : AUTH_TEXT.sendCode}
    </Button>
  );
}
