import type { FileEntry } from '@agent-platform/contracts';
import {
  CodeOutlined,
  CustomerServiceOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileMarkdownOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  FolderFilled,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';
import { extensionOf, previewKind, type PreviewKind } from '../file-types';

type IconStyle = { icon: ComponentType<{ style?: CSSProperties }>; color: string };

const BY_KIND: Record<PreviewKind, IconStyle> = {
  pdf: { icon: FilePdfOutlined, color: '#e5484d' },
  image: { icon: FileImageOutlined, color: '#8e4ec6' },
  markdown: { icon: FileMarkdownOutlined, color: '#4f6ef7' },
  code: { icon: CodeOutlined, color: '#12a594' },
  text: { icon: FileTextOutlined, color: '#6f7a8a' },
  docx: { icon: FileWordOutlined, color: '#2b6cd9' },
  xlsx: { icon: FileExcelOutlined, color: '#1f9d55' },
  csv: { icon: FileExcelOutlined, color: '#1f9d55' },
  audio: { icon: CustomerServiceOutlined, color: '#d6409f' },
  video: { icon: VideoCameraOutlined, color: '#f76b15' },
  unsupported: { icon: FileOutlined, color: '#8b8d98' },
};

const BY_EXTENSION: Record<string, IconStyle> = {
  pptx: { icon: FilePptOutlined, color: '#e5484d' },
  ppt: { icon: FilePptOutlined, color: '#e5484d' },
  doc: BY_KIND.docx,
  xls: BY_KIND.xlsx,
  zip: { icon: FileZipOutlined, color: '#ab6400' },
  rar: { icon: FileZipOutlined, color: '#ab6400' },
  '7z': { icon: FileZipOutlined, color: '#ab6400' },
  gz: { icon: FileZipOutlined, color: '#ab6400' },
};

const FOLDER: IconStyle = { icon: FolderFilled, color: '#f5b83d' };

/** A folder, or a file's type at a glance (by extension, then MIME type). */
export function FileIcon({ entry, size = 18 }: { entry: Pick<FileEntry, 'kind' | 'name' | 'mime'>; size?: number }) {
  const { icon: Icon, color } = entry.kind === 'folder' ? FOLDER : (BY_EXTENSION[extensionOf(entry.name)] ?? BY_KIND[previewKind(entry.name, entry.mime)]);
  return <Icon style={{ fontSize: size, color }} />;
}
