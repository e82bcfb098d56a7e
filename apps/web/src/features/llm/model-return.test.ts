import { describe, expect, it } from 'vitest';
import { createdModelName, createdModelState, modelCreatePathFor, requestedType, returnTarget } from './model-return';

describe('going to /model/create and back', () => {
  it('carries the type and the page to return to', () => {
    const path = modelCreatePathFor('embedding', '/kb?tab=mine');
    const search = path.slice(path.indexOf('?'));
    expect(path.startsWith('/model/create?')).toBe(true);
    expect(requestedType(search)).toBe('embedding');
    expect(returnTarget(search)).toBe('/kb?tab=mine');
  });

  it('refuses targets on other sites and unknown types', () => {
    expect(returnTarget('?return_to=//evil.example/x')).toBeUndefined();
    expect(returnTarget('?return_to=https://evil.example/')).toBeUndefined();
    expect(returnTarget('?return_to=/\\evil.example')).toBeUndefined();
    expect(requestedType('?type=banana')).toBeUndefined();
    expect(returnTarget('')).toBeUndefined();
  });

  it('hands the new model name over in the location state', () => {
    expect(createdModelName(createdModelState('qwen-max'))).toBe('qwen-max');
    expect(createdModelName(null)).toBeUndefined();
    expect(createdModelName({ createdModel: 3 })).toBeUndefined();
  });
});
