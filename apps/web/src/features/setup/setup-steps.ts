import { SETUP_TEXT } from './constants';

export type SetupStepKey = keyof typeof SETUP_TEXT.steps;

/** What already exists on the platform (undefined: not known yet). */
export interface SetupFacts {
  models?: number;
  agents?: number;
  conversations?: number;
  knowledgeBases?: number;
  tools?: number;
}

export interface SetupStep {
  key: SetupStepKey;
  label: string;
  done: boolean;
  optional: boolean;
}

const ORDER: Array<{ key: SetupStepKey; fact: keyof SetupFacts; optional: boolean }> = [
  { key: 'model', fact: 'models', optional: false },
  { key: 'agent', fact: 'agents', optional: false },
  { key: 'chat', fact: 'conversations', optional: false },
  { key: 'knowledge', fact: 'knowledgeBases', optional: true },
  { key: 'tool', fact: 'tools', optional: true },
];

/** The checklist, each step done when what it asks for exists: nothing to remember but the data itself. */
export function setupSteps(facts: SetupFacts): SetupStep[] {
  return ORDER.map(({ key, fact, optional }) => ({ key, label: SETUP_TEXT.steps[key], done: (facts[fact] ?? 0) > 0, optional }));
}
