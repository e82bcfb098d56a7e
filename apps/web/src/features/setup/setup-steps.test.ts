import { describe, expect, it } from 'vitest';
import { setupSteps } from './setup-steps';

describe('setupSteps', () => {
  it('marks a step done when what it asks for exists', () => {
    const steps = setupSteps({ models: 1, agents: 0, conversations: 2 });
    expect(steps.map((step) => [step.key, step.done])).toEqual([
      ['model', true],
      ['agent', false],
      ['chat', true],
      ['knowledge', false],
      ['tool', false],
    ]);
  });

  it('keeps the knowledge base and the tool optional', () => {
    expect(
      setupSteps({})
        .filter((step) => step.optional)
        .map((step) => step.key),
    ).toEqual(['knowledge', 'tool']);
  });
});
