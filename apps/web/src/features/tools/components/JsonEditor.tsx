import { Button, Flex, Input, theme } from 'antd';

interface JsonEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  placeholder?: string;
  minRows?: number;
  formatLabel?: string;
  readOnly?: boolean;
}

/** A monospace text area for JSON with a 格式化 button (leaves text that does not parse alone). */
export function JsonEditor({ value = '', onChange, label, placeholder, minRows = 6, formatLabel, readOnly = false }: JsonEditorProps) {
  const { token } = theme.useToken();
  const format = () => {
    try {
      onChange?.(JSON.stringify(JSON.parse(value), null, 2));
    } catch {
      // the field's rule says what is wrong
    }
  };
  return (
    <Flex vertical gap={4}>
      <Input.TextArea
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        aria-label={label}
        placeholder={placeholder}
        spellCheck={false}
        readOnly={readOnly}
        autoSize={{ minRows, maxRows: 24 }}
        style={{ fontFamily: token.fontFamilyCode, fontSize: 13 }}
      />
      {formatLabel ? (
        <Button size="small" type="link" onClick={format} style={{ alignSelf: 'flex-end', paddingInline: 0 }}>
          {formatLabel}
        </Button>
      ) : null}
    </Flex>
  );
}
