import styles from './preview.module.css';
import { useObjectUrlRef } from './use-object-url';

/** Images (and audio or video held as bytes), from the downloaded bytes (the browser plays what it can decode). */
export function MediaViewer({ blob, name, kind }: { blob: Blob; name: string; kind: 'image' | 'audio' | 'video' }) {
  const source = useObjectUrlRef(blob);
  if (kind === 'image') {
    return (
      <div className={styles.media}>
        <img ref={source} alt={name} className={styles.image} />
      </div>
    );
  }
  return (
    <div className={styles.media}>
      {kind === 'audio' ? <audio ref={source} controls aria-label={name} className={styles.audio} /> : <video ref={source} controls aria-label={name} className={styles.video} />}
    </div>
  );
}

/** Audio and video played from a link the player fetches itself: it seeks with Range requests, nothing is downloaded first. */
export function StreamedMediaViewer({ url, name, kind }: { url: string; name: string; kind: 'audio' | 'video' }) {
  return (
    <div className={styles.media}>
      {kind === 'audio' ? (
        <audio src={url} controls preload="metadata" aria-label={name} className={styles.audio} />
      ) : (
        <video src={url} controls preload="metadata" aria-label={name} className={styles.video} />
      )}
    </div>
  );
}
