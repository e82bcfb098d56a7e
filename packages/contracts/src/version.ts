/** `GET /version.json` (the build info). */
export interface BuildInfo {
  id: string;
  buildTime: string;
  gitCommit: string | null;
  gitBranch: string | null;
  platform: string;
  arch: string;
  nodeVersion: string;
  isDocker: boolean;
  containerId: string | null;
}
