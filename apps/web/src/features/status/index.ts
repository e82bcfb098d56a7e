export { useBuildInfo, versionKeys } from './queries';
