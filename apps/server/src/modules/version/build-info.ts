import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildInfo } from '@agent-platform/contracts';

/** What the build script records; absent when running from source (development and tests). */
interface RecordedBuild {
  id: string;
  buildTime: string;
  gitCommit: string | null;
  gitBranch: string | null;
}

const startedAt = new Date();

function readRecordedBuild(): RecordedBuild {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'build-info.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as RecordedBuild;
  } catch {
    return { id: `dev-${startedAt.getTime().toString(36)}`, buildTime: startedAt.toISOString(), gitCommit: null, gitBranch: null };
  }
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Docker leaves `/.dockerenv`; cgroups and mounts name the container's 64-hex id. */
export function detectContainer(): { isDocker: boolean; containerId: string | null } {
  const cgroup = readOr('/proc/1/cgroup');
  const isDocker = fs.existsSync('/.dockerenv') || /docker|kubepods|containerd|libpod/.test(cgroup);
  if (!isDocker) return { isDocker, containerId: null };
  const sources = `${readOr('/proc/self/mountinfo')}\n${cgroup}`;
  const match = /(?:containers\/|docker[-/]|cri-containerd-|libpod-)([0-9a-f]{64})/.exec(sources);
  return { isDocker, containerId: match?.[1] ?? os.hostname() };
}

export function readBuildInfo(): BuildInfo {
  const recorded = readRecordedBuild();
  return {
    ...recorded,
    platform: process.platform,
    arch: process.arch,
    nodeVersion: process.version,
    ...detectContainer(),
  };
}
