import { Toaster } from 'sonner';
import type { Theme } from '../stores/preference';
import './AppToaster.css';

/**
 * Toasts sit at the top centre, over the header's title where no control lives (the header's buttons
 * are at its right, a page's actions right below it). They let the pointer through (see AppToaster.css),
 * so they never pause under it nor stand between the user and a button; the close button still works.
 * Not pausing, they stay a little longer than sonner's 4 s.
 */
export function AppToaster({ theme }: { theme: Theme }) {
  return <Toaster position="top-center" offset={{ top: 8 }} theme={theme} richColors closeButton visibleToasts={3} duration={6_000} />;
}
