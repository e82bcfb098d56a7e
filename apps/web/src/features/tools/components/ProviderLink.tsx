import { Typography } from 'antd';
import { Link } from 'react-router';
import { PROVIDER_TEXT, TOOL_PATHS } from '../constants';

/** The API tool set a tool belongs to: where its credentials are set (and each user's own added). */
export function ProviderLink({ provider }: { provider: { id: string; title: string } }) {
  return (
    <Typography.Text style={{ fontSize: 12 }} ellipsis>
      <Link to={TOOL_PATHS.provider(provider.id)}>{PROVIDER_TEXT.link(provider.title)}</Link>
    </Typography.Text>
  );
}
