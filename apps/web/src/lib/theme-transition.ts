import { flushSync } from 'react-dom';
import { usePreferenceStore, type ThemeMode } from '../stores/preference';

/** The circular reveal lasts 400 ms. */
export const THEME_TRANSITION_MS = 400;

export interface Point {
  x: number;
  y: number;
}

/**
 * Switches the theme mode; with an origin and a browser that supports view transitions, the new theme
 * is revealed by a circle growing from that point.
 */
export function switchThemeMode(next: ThemeMode, origin: Point | null): void {
  const apply = () => {
    flushSync(() => usePreferenceStore.getState().setThemeMode(next));
  };
  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (!origin || reducedMotion || typeof document.startViewTransition !== 'function') {
    apply();
    return;
  }
  const { x, y } = origin;
  const radius = Math.hypot(Math.max(x, window.innerWidth - x), Math.max(y, window.innerHeight - y));
  const transition = document.startViewTransition(apply);
  transition.ready
    .then(() => {
      document.documentElement.animate(
        { clipPath: [`circle(0px at ${x}px ${y}px)`, `circle(${radius}px at ${x}px ${y}px)`] },
        { duration: THEME_TRANSITION_MS, easing: 'ease-in-out', pseudoElement: '::view-transition-new(root)' },
      );
    })
    .catch(() => {
      // The transition was skipped (e.g. the tab is hidden): the theme has still been applied.
    });
}
