import { CloudUploadOutlined, FolderAddOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useRef, type ChangeEvent } from 'react';
import { UPLOAD_TEXT } from '../constants';

interface UploadButtonsProps {
  onFiles: (files: File[]) => void;
  onNewFolder: () => void;
}

/** Takes the chosen files and empties the input, so choosing the same files again works. */
function takeFiles(onFiles: (files: File[]) => void) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    onFiles(files);
  };
}

/** 上传文件 (many at once), 上传文件夹 (keeps its sub-folders: `webkitRelativePath`), 新建文件夹. */
export function UploadButtons({ onFiles, onNewFolder }: UploadButtonsProps) {
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  return (
    <Space wrap>
      <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => filesInput.current?.click()}>
        {UPLOAD_TEXT.uploadFiles}
      </Button>
      <Button icon={<FolderOpenOutlined />} onClick={() => folderInput.current?.click()}>
        {UPLOAD_TEXT.uploadFolder}
      </Button>
      <Button icon={<FolderAddOutlined />} onClick={onNewFolder}>
        {UPLOAD_TEXT.newFolder}
      </Button>
      <input ref={filesInput} type="file" multiple hidden data-testid="upload-files-input" onChange={takeFiles(onFiles)} />
      <input
        ref={(node) => {
          folderInput.current = node;
          node?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        multiple
        hidden
        data-testid="upload-folder-input"
        onChange={takeFiles(onFiles)}
      />
    </Space>
  );
}
