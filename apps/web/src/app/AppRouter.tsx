import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

/**
 * The screens. A route change is rendered at once, not in a React transition: in a transition the page
 * left stays on screen, and usable, under the new URL until the next one has rendered, and each key
 * typed or click on it starts that render over. On a busy machine a question typed just after 对话 went
 * to the builder's preview chat, and the chat page then came up empty.
 */
export function AppRouter({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} useTransitions={false} />;
}
