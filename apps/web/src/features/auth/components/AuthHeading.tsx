import styles from './AuthForm.module.css';

export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className={styles.heading}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.subtitle}>{subtitle}</p>
    </div>
  );
}
