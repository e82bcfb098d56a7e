import type { AuditAction } from '@agent-platform/contracts';

/** Who did it: the signed-in user, or the name a sign-in was tried with. */
export interface AuditActor {
  id: string | null;
  name: string;
}

/** One audited action, as the HTTP edge saw it succeed (or a sign-in fail). */
export interface AuditEvent {
  action: AuditAction;
  actor: AuditActor;
  /** The caller's address. */
  address: string;
  target?: { kind: string; id?: string | null; name?: string | null };
  detail?: string | null;
}

/**
 * Where audited actions go. Transport-free, so the HTTP edge records through it without knowing the
 * audit module: `route()` declares what a call records, and the audit module implements this.
 */
export interface AuditRecorder {
  record(event: AuditEvent): Promise<void>;
}
