import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { COMMON_TEXT } from '../components/constants';
import { useUiSettings } from '../features/ui-settings';
import { formatDocumentTitle, useRouteTitle } from '../lib/route-title';
import { useModalStore } from '../stores/modal';

/** `<screen title> - <app name>`; `加载中...` while a screen loads. */
function useDocumentTitle(): void {
  const title = useRouteTitle();
  const { appName } = useUiSettings();
  const loading = useNavigation().state === 'loading';
  useEffect(() => {
    document.title = loading ? COMMON_TEXT.loading : formatDocumentTitle(title, appName);
  }, [title, appName, loading]);
}

/** Every route change closes all open modals: antd's static ones and the app-level ones. */
function useCloseModalsOnNavigate(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return; // the first screen: nothing can be open yet
    previous.current = pathname;
    useModalStore.getState().closeAll();
    // Loaded on demand (not part of the first bundle): a static modal can only be open if a page has
    // already loaded this module, in which case the import resolves at once.
    void import('antd/es/modal').then(({ default: Modal }) => Modal.destroyAll());
  }, [pathname]);
}

export function RootShell() {
  useDocumentTitle();
  useCloseModalsOnNavigate();
  return <Outlet />;
}
