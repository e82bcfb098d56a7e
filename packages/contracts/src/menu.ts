import { MENU_PROPERTY_PREFIX } from './properties.js';

export interface MenuLeaf {
  /** The property code is `system.ui.menu.<key>`; its value is the label, an empty value hides the entry. */
  key: string;
  path: string;
  label: string;
}

export interface MenuGroup {
  key: string;
  label: string;
  adminOnly?: boolean;
  children: MenuLeaf[];
}

/** The sidebar of the menu pages. Detail pages (create, edit/:id, …) are routes, not entries. */
export const MENU: MenuGroup[] = [
  {
    key: 'agent',
    label: '智能体',
    children: [
      { key: 'agent.chat', path: '/agent/chat', label: '智能体对话' },
      { key: 'agent.list', path: '/agent', label: '智能体管理' },
      { key: 'agent.plan-chat', path: '/agent/plan-chat', label: '计划对话' },
      { key: 'agent.plan-list', path: '/agent/plan-list', label: '计划记录' },
    ],
  },
  {
    key: 'multi-agent',
    label: '多智能体',
    children: [{ key: 'multi-agent.list', path: '/multi-agent', label: '多智能体管理' }],
  },
  {
    key: 'kb',
    label: '知识库',
    children: [
      { key: 'kb.list', path: '/kb', label: '知识库管理' },
      { key: 'kb.chat', path: '/kb/chat', label: '知识库对话' },
    ],
  },
  {
    key: 'database',
    label: '数据库',
    children: [
      { key: 'database.asset', path: '/database/asset', label: '数据资产' },
      { key: 'database.datasource', path: '/database/datasource', label: '数据源' },
    ],
  },
  {
    key: 'files',
    label: '文件',
    children: [
      { key: 'files.private', path: '/files/private', label: '我的文件' },
      { key: 'files.public', path: '/files/public', label: '公共文件' },
      { key: 'files.next.private', path: '/files/next/private', label: '我的文件（网格）' },
      { key: 'files.next.public', path: '/files/next/public', label: '公共文件（网格）' },
    ],
  },
  {
    key: 'model',
    label: '模型',
    children: [
      { key: 'model.list', path: '/model', label: '模型管理' },
      { key: 'model.chat', path: '/model/chat', label: '模型对话' },
      { key: 'model.deploy.ollama', path: '/model/deploy/ollama', label: 'Ollama 部署' },
      { key: 'model.deploy.vllm', path: '/model/deploy/vllm', label: 'vLLM 部署' },
      { key: 'model.train.dataset', path: '/model/train/dataset', label: '训练数据集' },
      { key: 'model.train.model', path: '/model/train/model', label: '训练模型' },
      { key: 'model.train.record', path: '/model/train/record', label: '训练记录' },
      { key: 'model.train.export', path: '/model/train/export', label: '模型导出' },
    ],
  },
  {
    key: 'ai',
    label: 'AI 能力',
    children: [
      { key: 'ai.detect', path: '/model/ai/detect', label: '目标检测' },
      { key: 'ai.face', path: '/model/ai/face', label: '人脸识别' },
      { key: 'ai.stt', path: '/model/ai/stt', label: '语音识别' },
    ],
  },
  {
    key: 'service',
    label: '服务',
    children: [{ key: 'service.list', path: '/service', label: 'MCP 服务' }],
  },
  {
    key: 'tool',
    label: '工具',
    children: [
      { key: 'tool.llm', path: '/tool/llm', label: 'API 工具' },
      { key: 'tool.llm.kb', path: '/tool/llm/kb', label: '知识库工具' },
      { key: 'tool.llm.db', path: '/tool/llm/db', label: '数据库工具' },
      { key: 'tool.llm.multimodal', path: '/tool/llm/multimodal', label: '多模态工具' },
      { key: 'tool.service', path: '/tool/service', label: '服务工具' },
    ],
  },
  {
    key: 'system',
    label: '系统设置',
    adminOnly: true,
    children: [
      { key: 'system.account', path: '/system/account', label: '账号管理' },
      { key: 'system.config.property', path: '/system/config/property', label: '系统属性' },
      { key: 'system.config.ui', path: '/system/config/ui', label: '界面设置' },
      { key: 'system.tag', path: '/system/tag', label: '标签管理' },
      { key: 'system.deps', path: '/system/deps', label: '依赖检查' },
      { key: 'system.summary', path: '/system/summary', label: '系统概览' },
    ],
  },
];

export const menuPropertyCode = (key: string) => `${MENU_PROPERTY_PREFIX}${key}`;
