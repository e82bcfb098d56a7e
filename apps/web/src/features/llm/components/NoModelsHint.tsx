import { LLM_TYPE_LABELS, type LlmType } from '@agent-platform/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { NO_MODELS_TEXT as TEXT } from '../constants';
import { modelCreatePathFor } from '../model-return';

/** 去添加模型: to /model/create for this type, coming back here with the new model chosen. */
export function AddModelLink({ type, label = TEXT.add }: { type: LlmType; label?: string }) {
  const location = useLocation();
  return (
    <Link to={modelCreatePathFor(type, `${location.pathname}${location.search}`)}>
      <PlusOutlined /> {label}
    </Link>
  );
}

/** What an empty model list says: there is no such model yet, and where to add one. */
export function NoModelsHint({ type }: { type: LlmType }) {
  return (
    <Flex vertical align="center" gap={4} style={{ padding: '8px 0' }}>
      <Typography.Text type="secondary">{TEXT.none(LLM_TYPE_LABELS[type])}</Typography.Text>
      <AddModelLink type={type} />
    </Flex>
  );
}
