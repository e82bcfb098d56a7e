import { Link, useLocation } from 'react-router';
import styles from './AuthForm.module.css';

interface AuthSwitchLinkProps {
  prompt: string;
  linkText: string;
  pathname: string;
}

/** "No account yet? Register" under a form; the link keeps the query (the redirect target). */
export function AuthSwitchLink({ prompt, linkText, pathname }: AuthSwitchLinkProps) {
  const location = useLocation();
  return (
    <div className={styles.switch}>
      {prompt}
      <Link to={{ pathname, search: location.search }}>{linkText}</Link>
    </div>
  );
}
