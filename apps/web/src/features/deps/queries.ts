import { useQuery } from '@tanstack/react-query';
import { queryDeps, queryTopology } from './api';

const depsKeys = {
  health: ['system', 'deps', 'health'] as const,
  topology: ['system', 'deps', 'topology'] as const,
};

/** The dependencies' health; the server asks each model or service at most once a minute, so refreshing is cheap. */
export const useDepsReport = () => useQuery({ queryKey: depsKeys.health, queryFn: queryDeps });

export const useTopology = () => useQuery({ queryKey: depsKeys.topology, queryFn: queryTopology });
