import { Page } from '../../../components/ui/page';
import { TOOL_CATALOG } from './tool-catalog';

export function LinkManagerPage() {
  const { name, description } = TOOL_CATALOG.linkManager;
  return <Page title={name} description={description} descriptionLang="id" />;
}
