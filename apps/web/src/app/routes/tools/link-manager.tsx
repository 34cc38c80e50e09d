import { Page } from '../../../components/ui/page';
import { LinkManager } from '../../../features/links/components/link-manager';
import { TOOL_CATALOG } from '../../../features/tools/components/tool-catalog';

export function LinkManagerPage() {
  const { name, description } = TOOL_CATALOG.linkManager;
  return (
    <Page title={name} description={description} descriptionLang="id">
      <LinkManager />
    </Page>
  );
}
