import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, type Blocker } from 'react-router';

export interface UnsavedChanges {
  dirty: boolean;
  /** The form's `onValuesChange`: the user changed something. */
  markChanged: () => void;
  /** Saved (call before navigating away after a save): nothing to lose any more. */
  markSaved: () => void;
  /** A navigation held back until the user decides (render `UnsavedChangesPrompt` with it). */
  blocker: Blocker;
}

/**
 * Changes not saved yet are not dropped without a word: leaving for another page asks first (router
 * blocker), and so does closing or reloading the tab (`beforeunload`). Query-string changes on the same
 * page are not leaving.
 */
export function useUnsavedChanges(): UnsavedChanges {
  const [dirty, setDirty] = useState(false);
  // Read by the blocker at navigation time, which may come in the same tick as a save.
  const dirtyNow = useRef(false);
  const set = useCallback((value: boolean) => {
    dirtyNow.current = value;
    setDirty(value);
  }, []);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyNow.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to show their own prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const markChanged = useCallback(() => set(true), [set]);
  const markSaved = useCallback(() => set(false), [set]);
  return { dirty, markChanged, markSaved, blocker };
}
