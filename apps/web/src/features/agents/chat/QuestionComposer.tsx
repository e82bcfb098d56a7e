import { useState } from 'react';
import { ChatComposer } from '../../../components/chat/ChatComposer';
import type { AttachedFile } from '../../../lib/chat-messages';
import { AttachButton, AttachmentsPanel } from './ChatAttachments';
import { useAttachments } from './useAttachments';

/**
 * The question being written and its attached files (agent and multi-agent chat): `submit` sends both
 * unless an answer streams, a file is still uploading or the chat is not `ready`, then clears them.
 */
export function useQuestion(send: (question: string, files: AttachedFile[]) => void, { isRunning, ready }: { isRunning: boolean; ready: boolean }) {
  const attachments = useAttachments();
  const [input, setInput] = useState('');
  const busy = isRunning || attachments.uploading;
  return {
    attachments,
    input,
    setInput,
    busy,
    ready,
    isRunning,
    submit(text: string) {
      if (!text.trim() || busy || !ready) return;
      send(text.trim(), attachments.files);
      attachments.clear();
      setInput('');
    },
  };
}

export type QuestionState = ReturnType<typeof useQuestion>;

/** The question box of agent and multi-agent chat, with its paper clip and attachments panel. */
export function QuestionComposer({ question, onStop, placeholder }: { question: QuestionState; onStop: () => void; placeholder: string }) {
  const { attachments, isRunning, ready } = question;
  return (
    <ChatComposer
      value={question.input}
      onChange={question.setInput}
      onSubmit={question.submit}
      onStop={onStop}
      isRunning={isRunning}
      disabled={!ready}
      canSend={ready && !attachments.uploading}
      placeholder={placeholder}
      header={<AttachmentsPanel state={attachments} disabled={isRunning} />}
      prefix={<AttachButton state={attachments} disabled={isRunning || !ready} />}
    />
  );
}
