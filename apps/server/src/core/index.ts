// The transport-free core: what repositories, services, the gateway and the runtime share, with no
// HTTP in it. Only the layers above import it (core < platform < runtime < modules < routes).
export { AppError, badInput, forbidden, notFound } from './app-error.js';
export type { Logger } from './logger.js';
export type { AuditActor, AuditEvent, AuditRecorder } from './audit.js';
export { describeIssues, parseInput } from './validation.js';
export type { Authenticated, Authenticator, AuthUser, Viewer } from './viewer.js';
export type { Download, DownloadSink } from './download.js';
export type { UploadPart, UploadParts } from './upload-parts.js';
export { canEdit, canSee, isAdmin, requireEditable, requireVisible, visibleWhere, type Owned } from './visibility.js';
export { StoredDataError, storedJson, storedList, type StoredJson } from './stored-json.js';
export {
  createReferenceRegistry,
  edgesOf,
  namedUsers,
  othersLoseNotice,
  type ModuleReferences,
  type OwnedCount,
  type Reference,
  type ReferenceEdge,
  type ReferenceRegistry,
  type TaggedColumn,
  type ThingKind,
  type ThingList,
  type ThingNode,
  type UsersOf,
} from './references.js';
export type { ProbeOutcome, ProbeTarget, ProbeTargets } from './dependency-health.js';
