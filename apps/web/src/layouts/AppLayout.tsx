import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AppHeader } from './app/AppHeader';
import styles from './app/AppLayout.module.css';
import { Sidebar } from './app/Sidebar';

/** The authenticated layout: sidebar, header, the screen. */
export default function AppLayout() {
  return (
    <Layout className={styles.layout} hasSider>
      <Sidebar />
      <Layout>
        <AppHeader />
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
