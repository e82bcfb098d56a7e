import { LLM_TYPES, type LlmType } from '@agent-platform/contracts';
import { LLM_PATHS } from './constants';

/**
 * A page that needs a model links to /model/create with the type it needs and where it was; after
 * creating, the user goes back there and the page finds the new model's name in the location state.
 */
const TYPE_PARAM = 'type';
const RETURN_PARAM = 'return_to';

interface CreatedModelState {
  createdModel: string;
}

/** `/model/create?type=…&return_to=…` */
export function modelCreatePathFor(type: LlmType, returnTo: string): string {
  const params = new URLSearchParams({ [TYPE_PARAM]: type, [RETURN_PARAM]: returnTo });
  return `${LLM_PATHS.create}?${params.toString()}`;
}

/** The type asked for, when it is one. */
export function requestedType(search: string): LlmType | undefined {
  const type = new URLSearchParams(search).get(TYPE_PARAM);
  return LLM_TYPES.find((candidate) => candidate === type);
}

/** Where to go back to: a path of this site only (never another origin). */
export function returnTarget(search: string): string | undefined {
  const target = new URLSearchParams(search).get(RETURN_PARAM);
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  return target;
}

export function createdModelState(llmName: string): CreatedModelState {
  return { createdModel: llmName };
}

/** The model just created for this page, from the location state (none on a normal visit). */
export function createdModelName(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const name = (state as Partial<CreatedModelState>).createdModel;
  return typeof name === 'string' ? name : undefined;
}
