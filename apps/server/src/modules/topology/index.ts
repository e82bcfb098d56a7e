export { topologyRoutes } from './topology.routes.js';
export { createTopologyService, type TopologyService } from './topology.service.js';
export { createRemovedThings, type RemovedThings } from './removed-things.js';
