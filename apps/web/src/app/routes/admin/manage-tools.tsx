import { ToolsAdmin } from '../../../features/tools/components/tools-admin';

export function ManageToolsPage() {
  return <ToolsAdmin />;
}
