import { Avatar, theme } from 'antd';
import { DEFAULT_AVATAR } from '../agent-form';

const isImage = (avatar: string) => /^(https?:\/\/|\/|data:image\/)/i.test(avatar);

/** An agent's avatar: an emoji on a soft background, or an image. */
export function AgentAvatar({ avatar, size = 40 }: { avatar: string; size?: number }) {
  const { token } = theme.useToken();
  const value = avatar.trim() || DEFAULT_AVATAR;
  if (isImage(value)) return <Avatar size={size} src={value} alt="" style={{ flex: 'none' }} />;
  return (
    <Avatar size={size} style={{ fontSize: Math.round(size * 0.55), background: token.colorPrimaryBg, color: token.colorText, flex: 'none' }} aria-hidden>
      {value}
    </Avatar>
  );
}
