import { CheckCircleFilled } from '@ant-design/icons';
import { Outlet } from 'react-router';
import { BrandLogo } from '../components/BrandLogo';
import { ThemeToggle } from '../components/ThemeToggle';
import { useUiSettings } from '../features/ui-settings';
import { AuthBackgroundArt } from './AuthBackgroundArt';
import styles from './AuthLayout.module.css';
import { LAYOUT_TEXT } from './constants';

/** The sign-in and register screens: background art, brand panel, the form card, a theme toggle. */
export default function AuthLayout() {
  const { appName, logo } = useUiSettings();
  return (
    <div className={styles.page}>
      <AuthBackgroundArt className={styles.art} />
      <div className={styles.toolbar}>
        {/* No circular reveal on the sign-in screens. */}
        <ThemeToggle animated={false} />
      </div>
      <section className={styles.brandPanel} aria-label={appName}>
        <div className={styles.brandName}>
          <BrandLogo src={logo} size={48} alt={appName} />
          <span>{appName}</span>
        </div>
        <p className={styles.slogan}>{LAYOUT_TEXT.slogan}</p>
        <ul className={styles.highlights}>
          {LAYOUT_TEXT.highlights.map((text) => (
            <li key={text}>
              <CheckCircleFilled />
              {text}
            </li>
          ))}
        </ul>
      </section>
      <main className={styles.formPanel}>
        <div className={styles.card}>
          <Outlet />
        </div>
        <div className={styles.footer}>{LAYOUT_TEXT.copyright(appName)}</div>
      </main>
    </div>
  );
}
