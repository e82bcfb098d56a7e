import { Col, Form, Row, Select, Switch } from 'antd';
import { NameTag } from '../../../components/NameTag';
import { useSubTags } from '../../tags';

/** A tool's or service's tags. */
export function TagList({ tags }: { tags: string[] }) {
  return tags.map((tag) => <NameTag key={tag} name={tag} color="blue" bordered={false} />);
}

const tagOptions = (tags: Array<{ name: string; parent_name: string | null }> | undefined) =>
  (tags ?? []).map((tag) => ({ value: tag.name, label: tag.parent_name ? `${tag.parent_name} / ${tag.name}` : tag.name }));

interface TagSelectProps {
  tagType: 'tool' | 'service';
  label: string;
  placeholder: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}

/** Picks tags of a type among those maintained in 标签管理 (the server accepts no others). */
export function TagSelect({ tagType, label, placeholder, value, onChange }: TagSelectProps) {
  const tags = useSubTags(tagType);
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      options={tagOptions(tags.data)}
      optionFilterProp="label"
      loading={tags.isPending}
      placeholder={placeholder}
      maxCount={10}
      aria-label={label}
    />
  );
}

interface TagFilterProps {
  tagType: 'tool' | 'service';
  label: string;
  allLabel: string;
  value: string | undefined;
  onChange: (tag: string | undefined) => void;
}

/** A list's tag filter. */
export function TagFilter({ tagType, label, allLabel, value, onChange }: TagFilterProps) {
  const tags = useSubTags(tagType);
  return (
    <Select<string>
      value={value ?? ''}
      options={[{ value: '', label: allLabel }, ...tagOptions(tags.data)]}
      loading={tags.isPending}
      aria-label={label}
      style={{ width: 180 }}
      showSearch
      onChange={(tag) => onChange(tag || undefined)}
    />
  );
}

interface TagsAndVisibilityProps {
  tagType: 'tool' | 'service';
  text: { tags: string; tagsPlaceholder: string; isPublic: string; isPublicHint: string };
}

/** A tool or service form's `tags` and `is_public` fields, side by side. */
export function TagsAndVisibility({ tagType, text }: TagsAndVisibilityProps) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={16}>
        <Form.Item name="tags" label={text.tags}>
          <TagSelect tagType={tagType} label={text.tags} placeholder={text.tagsPlaceholder} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="is_public" label={text.isPublic} extra={text.isPublicHint} valuePropName="checked">
          <Switch aria-label={text.isPublic} />
        </Form.Item>
      </Col>
    </Row>
  );
}
