export { boundedRequest, OutboundError, type BoundedRequest, type BoundedResponse } from './bounded-request.js';
export { isPrivateAddress } from './private-address.js';
export type { StreamResponse } from './stream-request.js';
export { createOutbound, findOutboundRefusal, OutboundRefused, type Outbound, type OutboundAccess } from './outbound.js';
