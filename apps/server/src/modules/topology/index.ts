export { topologyRoutes } from './topology.routes.js';
export { createTopologyService, type TopologyService } from './topology.service.js';
