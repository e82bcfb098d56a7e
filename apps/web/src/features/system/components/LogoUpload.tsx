import { LOGO_MAX_BYTES, LOGO_TYPES } from '@agent-platform/contracts';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { toast } from 'sonner';
import { BrandLogo } from '../../../components/BrandLogo';
import { UI_TEXT as TEXT } from '../constants';

interface LogoUploadProps {
  /** The logo to show (the draft's, else the default one). */
  src: string | null;
  alt: string;
  onChange: (dataUrl: string) => void;
  onReset: () => void;
  canReset: boolean;
}

const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(TEXT.logoUnreadable));
    reader.readAsDataURL(file);
  });

/** Picks a PNG, JPEG or SVG of at most 512 KB and hands it over as a data URL; the server sanitises an SVG when it is saved. */
export function LogoUpload({ src, alt, onChange, onReset, canReset }: LogoUploadProps) {
  const accept = (file: File) => {
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) toast.error(TEXT.logoBadType, { description: file.name });
    else if (file.size > LOGO_MAX_BYTES) toast.error(TEXT.logoTooLarge, { description: file.name });
    else readAsDataUrl(file).then(onChange, (error: Error) => toast.error(TEXT.logoUnreadable, { description: error.message }));
    return Upload.LIST_IGNORE;
  };
  return (
    <Flex gap={16} align="center" wrap>
      <BrandLogo src={src} size={56} alt={alt} />
      <Flex vertical gap={8}>
        <Flex gap={8} wrap>
          <Upload accept={LOGO_TYPES.join(',')} showUploadList={false} beforeUpload={accept}>
            <Button icon={<UploadOutlined />}>{TEXT.logoUpload}</Button>
          </Upload>
          <Button onClick={onReset} disabled={!canReset}>
            {TEXT.logoReset}
          </Button>
        </Flex>
        <Typography.Text type="secondary">{TEXT.logoHint}</Typography.Text>
      </Flex>
    </Flex>
  );
}
