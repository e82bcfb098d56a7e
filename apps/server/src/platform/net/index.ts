export { boundedRequest, type BoundedRequest, type BoundedResponse } from './bounded-request.js';
export { isPrivateAddress } from './private-address.js';
export type { StreamResponse } from './stream-request.js';
export { configuredAccess, createOutbound, findOutboundRefusal, OutboundError, OutboundRefused, type Outbound, type OutboundAccess } from './outbound.js';
