import { ENVELOPE_CODES, type SmsPhoneBody } from '@agent-platform/contracts';
import { Button, Form } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { AUTH_TEXT, AUTH_TOAST, RESEND_SECONDS } from '../constants';
import { useSendVerificationCode } from '../queries';
import { SmsChallengeModal } from './SmsChallengeModal';

/**
 * Validates the form's phone field, asks for a code, then counts down 60 seconds
 * (`N秒后重新获取`) before it may be pressed again. When the server asks for a challenge (42801),
 * the challenge dialog opens and the code is asked for again with its answer.
 */
export function SendCodeButton({ phoneField = 'phone' }: { phoneField?: string }) {
  const form = Form.useFormInstance();
  const sendCode = useSendVerificationCode();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [challengedPhone, setChallengedPhone] = useState<string | null>(null);
  // Each challenge is answered once: a refused answer opens a fresh one.
  const [challengeRound, setChallengeRound] = useState(0);

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
    send(phone);
  };

  const send = (body: SmsPhoneBody) =>
    sendCode.mutate(body, {
      onSuccess: () => {
        toast.success(AUTH_TOAST.codeSent);
        setChallengedPhone(null);
        setSecondsLeft(RESEND_SECONDS);
      },
      onError: (error) => {
        if (error.code === ENVELOPE_CODES.CHALLENGE_REQUIRED) {
          if (typeof body !== 'string') toast.error(AUTH_TOAST.codeSendFailed, { description: error.message });
          setChallengedPhone(typeof body === 'string' ? body : body.phone);
          setChallengeRound((round) => round + 1);
          return;
        }
        toast.error(AUTH_TOAST.codeSendFailed, { description: error.message });
      },
    });

  const counting = secondsLeft > 0;
  return (
    <>
      <Button onClick={onClick} disabled={counting} loading={sendCode.isPending} style={{ minWidth: 128 }}>
        {counting ? AUTH_TEXT.resendIn(secondsLeft) : AUTH_TEXT.sendCode}
      </Button>
      <SmsChallengeModal
        key={challengeRound}
        open={challengedPhone !== null}
        pending={sendCode.isPending}
        onCancel={() => setChallengedPhone(null)}
        onSolved={(answer) => challengedPhone && send({ phone: challengedPhone, ...answer })}
      />
    </>
  );
}
