import { Button, Flex, Input, Modal, Spin } from 'antd';
import { useState } from 'react';
import { AUTH_TEXT } from '../constants';
import { useSmsChallenge } from '../queries';

interface SmsChallengeModalProps {
  open: boolean;
  pending: boolean;
  onCancel(): void;
  onSolved(answer: { challenge_id: string; challenge_answer: string }): void;
}

/** Asked after a few codes from one address: the sum in the image, answered once per challenge. */
export function SmsChallengeModal({ open, pending, onCancel, onSolved }: SmsChallengeModalProps) {
  const challenge = useSmsChallenge(open);
  const [answer, setAnswer] = useState('');
  const submit = () => {
    if (challenge.data && answer.trim()) onSolved({ challenge_id: challenge.data.challenge_id, challenge_answer: answer.trim() });
  };
  return (
    <Modal
      title={AUTH_TEXT.challengeTitle}
      open={open}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Button type="primary" loading={pending} disabled={!challenge.data || !answer.trim()} onClick={submit}>
          {AUTH_TEXT.challengeSubmit}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <span>{AUTH_TEXT.challengeHint}</span>
        <Flex align="center" gap={8}>
          {challenge.data ? <img src={challenge.data.image} alt={AUTH_TEXT.challengeTitle} width={160} height={48} /> : <Spin />}
          <Button type="link" onClick={() => void challenge.refetch()}>
            {AUTH_TEXT.challengeRefresh}
          </Button>
        </Flex>
        <Input aria-label={AUTH_TEXT.challengeAnswer} placeholder={AUTH_TEXT.challengeAnswer} value={answer} onChange={(event) => setAnswer(event.target.value)} onPressEnter={submit} />
      </Flex>
    </Modal>
  );
}
