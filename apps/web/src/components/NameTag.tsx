import { Tag, type TagProps } from 'antd';
import styles from './NameTag.module.css';

/** A tag showing a name someone chose (up to 20 characters): it never runs out of its cell or card. */
export function NameTag({ name, className, ...props }: Omit<TagProps, 'children' | 'title'> & { name: string }) {
  return (
    <Tag {...props} title={name} className={className ? `${styles.tag} ${className}` : styles.tag}>
      {name}
    </Tag>
  );
}
