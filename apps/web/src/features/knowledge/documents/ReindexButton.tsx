import { SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Popconfirm, Progress, Typography } from 'antd';
import { useEffect, useReducer, useRef } from 'react';
import { COMMON_TEXT } from '../../../components/constants';
import { toApiError } from '../../../lib/http';
import { streamReindex } from '../api';
import { KB_DETAIL_TEXT as TEXT } from '../constants';
import { useRefreshKb } from '../queries';
import { reindexPercent, reindexReducer } from './reindex-progress';

/** 重建索引: re-ingests every document, following the streamed progress in a dialog. */
export function ReindexButton({ kbId, disabled }: { kbId: string; disabled?: boolean }) {
  const [state, dispatch] = useReducer(reindexReducer, { phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const refresh = useRefreshKb();
  // Leaving the page stops following; the documents go on being re-indexed on the server.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    dispatch({ type: 'start' });
    void refresh();
    try {
      await streamReindex(kbId, (event) => dispatch({ type: 'event', event }), abort.signal);
    } catch (error) {
      if (!abort.signal.aborted) dispatch({ type: 'fail', message: toApiError(error).message });
    } finally {
      void refresh();
    }
  };
  const close = () => {
    controller.current?.abort();
    dispatch({ type: 'close' });
  };

  const progress = state.phase === 'idle' ? null : state.progress;
  return (
    <>
      <Popconfirm
        title={TEXT.reindexConfirm}
        description={TEXT.reindexConfirmDescription}
        okText={COMMON_TEXT.confirm}
        cancelText={COMMON_TEXT.cancel}
        onConfirm={() => void start()}
        disabled={disabled}
      >
        <Button icon={<SyncOutlined />} disabled={disabled}>
          {TEXT.reindex}
        </Button>
      </Popconfirm>
      <Modal open={state.phase !== 'idle'} title={TEXT.reindex} footer={null} onCancel={close} maskClosable={false}>
        <Progress percent={reindexPercent(progress)} status={state.phase === 'error' ? 'exception' : state.phase === 'done' ? 'success' : 'active'} aria-label={TEXT.reindex} />
        {state.phase === 'running' && progress ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {TEXT.reindexRunning(progress.done + progress.failed, progress.total)}
            {progress.current ? ` · ${TEXT.reindexCurrent(progress.current)}` : ''}
          </Typography.Paragraph>
        ) : null}
        {state.phase === 'done' && progress ? (
          <Alert type={progress.failed ? 'warning' : 'success'} showIcon title={TEXT.reindexFinished(progress.done, progress.failed)} style={{ marginTop: 8 }} />
        ) : null}
        {state.phase === 'error' ? <Alert type="error" showIcon title={state.message} style={{ marginTop: 8 }} /> : null}
      </Modal>
    </>
  );
}
