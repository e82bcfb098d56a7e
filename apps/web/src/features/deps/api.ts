import type { DepsReport, Topology } from '@agent-platform/contracts';
import { http } from '../../lib/http';

export const queryDeps = () => http.post<DepsReport>('/system/deps/query_all', {});
export const queryTopology = () => http.post<Topology>('/topology/query_all', {});
