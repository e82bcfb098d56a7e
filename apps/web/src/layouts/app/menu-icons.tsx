import {
  ApiOutlined,
  AppstoreOutlined,
  BookOutlined,
  ClusterOutlined,
  CloudServerOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FolderOutlined,
  RobotOutlined,
  SettingOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icons of the sidebar groups, by the group key of the contracts' MENU. */
export const MENU_GROUP_ICONS: Record<string, ReactNode> = {
  agent: <RobotOutlined />,
  'multi-agent': <ClusterOutlined />,
  kb: <BookOutlined />,
  database: <DatabaseOutlined />,
  files: <FolderOutlined />,
  model: <ExperimentOutlined />,
  ai: <ApiOutlined />,
  service: <CloudServerOutlined />,
  tool: <ToolOutlined />,
  system: <SettingOutlined />,
};

export const FALLBACK_GROUP_ICON = <AppstoreOutlined />;
