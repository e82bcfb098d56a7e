import { Button, Flex, Input, Popover, Typography } from 'antd';
import { useState } from 'react';
import { AgentAvatar } from '../components/AgentAvatar';
import { avatarImageOf } from '../components/avatar-images';
import { AVATAR_CHOICES, AGENT_FORM_TEXT as TEXT } from '../constants';
import styles from './AgentBuilder.module.css';

interface AvatarPickerProps {
  value?: string;
  onChange?: (value: string) => void;
}

/** The avatar as a button; a popover offers the emoji (drawn as pictures) and takes any emoji or image URL typed in. */
export function AvatarPicker({ value = '', onChange }: AvatarPickerProps) {
  const [open, setOpen] = useState(false);
  const pick = (avatar: string) => {
    onChange?.(avatar);
    setOpen(false);
  };
  const content = (
    <div className={styles.avatarPanel}>
      <div className={styles.avatarGrid}>
        {AVATAR_CHOICES.map((emoji) => (
          <Button key={emoji} type={emoji === value ? 'primary' : 'text'} ghost={emoji === value} className={styles.avatarChoice} aria-label={emoji} onClick={() => pick(emoji)}>
            <img src={avatarImageOf(emoji)} alt="" className={styles.avatarChoiceImage} draggable={false} />
          </Button>
        ))}
      </div>
      <Typography.Text type="secondary" className={styles.avatarHint}>
        {TEXT.avatarCustom}
      </Typography.Text>
      <Input size="small" value={value} maxLength={2000} aria-label={TEXT.avatar} onChange={(event) => onChange?.(event.target.value)} />
    </div>
  );
  return (
    <Popover trigger="click" open={open} onOpenChange={setOpen} content={content} title={TEXT.avatarPick} placement="bottomLeft">
      <Flex>
        <button type="button" className={styles.avatarButton} aria-label={TEXT.avatarPick} title={TEXT.avatarPick}>
          <AgentAvatar avatar={value} size={56} />
        </button>
      </Flex>
    </Popover>
  );
}
