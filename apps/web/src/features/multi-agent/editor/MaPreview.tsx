import { MA_DRAFT_ID, type CreateMaBody } from '@agent-platform/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { MaChatPanel, type MaFace } from '../chat/MaChatPanel';
import { MA_EDITOR_TEXT as TEXT } from '../constants';
import styles from './MaEditor.module.css';
import type { CanvasMember } from './graph-state';

interface MaPreviewProps {
  /** The saved setup's id; none while it is being created. */
  setupId?: string;
  /** The setup as the canvas and the form hold it now, saved or not. */
  draft: CreateMaBody;
  members: CanvasMember[];
  /** The canvas's problems other than a missing name: while there are any, nothing can be asked. */
  problems: string[];
}

/**
 * The editor's live preview: a chat with the setup as it stands on the canvas, unsaved changes
 * included (each question sends the draft; the server checks it as saving would, and stores no setup).
 */
export function MaPreview({ setupId, draft, members, problems }: MaPreviewProps) {
  const [conversationId, setConversationId] = useState<string>();
  // A new conversation starts over with a fresh panel (its question box and attachments too).
  const [round, setRound] = useState(0);
  const name = draft.name.trim() || TEXT.untitled;
  const face = useMemo<MaFace>(
    () => ({ id: setupId ?? MA_DRAFT_ID, name, avatar: draft.avatar, description: draft.description, members }),
    [setupId, name, draft.avatar, draft.description, members],
  );
  return (
    <div data-testid="ma-preview">
      <div className={styles.previewBar}>
        <Typography.Text type="secondary" className={styles.previewHint} ellipsis>
          {TEXT.previewHint}
        </Typography.Text>
        <Tooltip title={TEXT.previewRestart}>
          <Button
            type="text"
            size="small"
            icon={<ReloadOutlined />}
            aria-label={TEXT.previewRestart}
            onClick={() => {
              setConversationId(undefined);
              setRound(round + 1);
            }}
          />
        </Tooltip>
      </div>
      <MaChatPanel
        key={round}
        setup={face}
        draft={{ ...draft, name }}
        preview
        conversationId={conversationId}
        onConversation={setConversationId}
        blocked={problems.length ? TEXT.previewBlocked : undefined}
      />
    </div>
  );
}
