import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../components/BrandLogo';
import { ThemeToggle } from '../components/ThemeToggle';
import { useUiSettings } from '../features/ui-settings';
import { HOME_PATH } from '../lib/redirect';
import styles from './StandaloneLayout.module.css';

/** A page of its own, outside the main layout: a slim brand bar and the content (files/preview, /version, …). */
export default function StandaloneLayout() {
  const { appName, logo } = useUiSettings();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to={HOME_PATH} className={styles.brand}>
          <BrandLogo src={logo} size={28} alt={appName} />
          <span>{appName}</span>
        </Link>
        <ThemeToggle />
      </header>
      <main className={styles.content}>
        <Outlet />
      </main>
    </div>
  );
}
