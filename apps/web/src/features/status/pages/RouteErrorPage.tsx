import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { COMMON_TEXT } from '../../../components/constants';
import { HOME_PATH } from '../../../lib/redirect';
import { formatDocumentTitle } from '../../../lib/route-title';
import { useUiSettings } from '../../ui-settings';
import { RELOAD_MARK_KEY, STATUS_TEXT, STATUS_TITLES } from '../constants';
import { useBuildInfo } from '../queries';
import styles from './RouteErrorPage.module.css';

function describeError(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return null;
}

/**
 * A newer build on the server (its /version.json id differs from the one built in) usually explains
 * a route error (a chunk of the old build is gone): reload once for that id. A failed fetch changes nothing.
 */
function useReloadOnNewBuild(): void {
  const serverBuildId = useBuildInfo().data?.id;
  useEffect(() => {
    if (!serverBuildId || serverBuildId === __BUILD_ID__) return;
    if (sessionStorage.getItem(RELOAD_MARK_KEY) === serverBuildId) return;
    sessionStorage.setItem(RELOAD_MARK_KEY, serverBuildId);
    window.location.reload();
  }, [serverBuildId]);
}

export function RouteErrorPage() {
  const error = useRouteError();
  const { appName } = useUiSettings();
  useReloadOnNewBuild();

  useEffect(() => {
    document.title = formatDocumentTitle(STATUS_TITLES.routeError, appName);
  }, [appName]);

  const message = describeError(error);
  // Deliberately light (no Result/Typography): this page is part of the first bundle of every screen.
  return (
    <div className={styles.page} role="alert">
      <CloseCircleFilled className={styles.icon} />
      <h1 className={styles.title}>{STATUS_TITLES.routeError}</h1>
      <p className={styles.text}>{STATUS_TEXT.routeError}</p>
      {message ? (
        <div className={styles.detail}>
          <div className={styles.detailLabel}>{STATUS_TEXT.errorDetail}</div>
          <pre className={styles.detailText}>{message}</pre>
        </div>
      ) : null}
      <Flex gap={12} justify="center">
        <Button type="primary" onClick={() => window.location.assign(HOME_PATH)}>
          {COMMON_TEXT.backHome}
        </Button>
        <Button onClick={() => window.location.reload()}>{COMMON_TEXT.refresh}</Button>
      </Flex>
    </div>
  );
}
