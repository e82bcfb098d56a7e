export { isPrivateAddress } from './private-address.js';
export { createOutbound, findOutboundRefusal, OutboundRefused, type Outbound, type OutboundAccess } from './outbound.js';
