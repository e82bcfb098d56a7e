import { useLocation } from 'react-router';
import { createdModelName } from './model-return';

/** The model the user just created for this page (guided from an empty model list), if any. */
export function useCreatedModel(): string | undefined {
  return createdModelName(useLocation().state);
}
