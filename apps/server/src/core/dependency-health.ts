import type { DepDetailValue, DepKind, DepStatus } from '@agent-platform/contracts';

/** What a probe found: anything but `up` says why in Chinese. A probe that throws counts as `down` with its message. */
export interface ProbeOutcome {
  status: DepStatus;
  error?: string | null;
  details?: Record<string, DepDetailValue>;
}

/**
 * Something outside the server a module depends on and can ask whether it answers (a model's endpoint,
 * an MCP service, a datasource). Asking costs the other side work, so the answer is remembered:
 * `version` changes when the thing's configuration does, and a changed thing is asked again at once.
 */
export interface ProbeTarget {
  key: string;
  kind: DepKind;
  name: string;
  version: string;
  /** Facts known without asking (its address, its type). */
  details: Record<string, DepDetailValue>;
  probe(signal: AbortSignal): Promise<ProbeOutcome>;
}

/** The probe targets of one kind, as the module owning them lists them (for the administrator's health page). */
export type ProbeTargets = () => Promise<ProbeTarget[]>;
