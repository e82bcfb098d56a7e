import type { BuildInfo } from '@agent-platform/contracts';
import { rootHttp } from '../../lib/http';

export function getBuildInfo(): Promise<BuildInfo> {
  return rootHttp.getBody<BuildInfo>('/version.json', { headers: { 'Cache-Control': 'no-cache' } });
}
