import { useQuery } from '@tanstack/react-query';
import { getBuildInfo } from './api';

export const versionKeys = { build: ['version', 'build'] as const };

export function useBuildInfo() {
  return useQuery({ queryKey: versionKeys.build, queryFn: getBuildInfo });
}
