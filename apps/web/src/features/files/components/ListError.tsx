import { Alert, Button } from 'antd';
import { FILE_LIST_TEXT as TEXT } from '../constants';

/** The list failed to load: why, and a way to try again. */
export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={TEXT.loadFailed}
      description={message}
      action={
        <Button size="small" onClick={onRetry}>
          {TEXT.retry}
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
