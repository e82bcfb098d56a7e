import { Avatar, theme } from 'antd';
import { DEFAULT_AVATAR } from '../agent-form';
import { avatarImageOf } from './avatar-images';

const isImage = (avatar: string) => /^(https?:\/\/|\/|data:image\/)/i.test(avatar);

/** An agent's avatar: an image (its own, or the picture of its emoji on a soft background). */
export function AgentAvatar({ avatar, size = 40 }: { avatar: string; size?: number }) {
  const { token } = theme.useToken();
  const value = avatar.trim() || DEFAULT_AVATAR;
  if (isImage(value)) return <Avatar size={size} src={value} alt="" style={{ flex: 'none' }} data-testid="agent-avatar" />;
  const picture = avatarImageOf(value);
  const style = { fontSize: Math.round(size * 0.55), background: token.colorPrimaryBg, color: token.colorText, flex: 'none' };
  if (picture) {
    return (
      <Avatar size={size} style={style} data-testid="agent-avatar" icon={<img src={picture} alt="" draggable={false} style={{ width: '62%', height: '62%', verticalAlign: 'middle' }} />} />
    );
  }
  // An emoji typed by hand that has no picture here: shown as text.
  return (
    <Avatar size={size} style={style} aria-hidden data-testid="agent-avatar">
      {value}
    </Avatar>
  );
}
