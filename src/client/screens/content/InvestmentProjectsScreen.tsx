import { contentApi } from '../../api/content-endpoints';
import { ContentRecordsScreen, type ContentRecordsConfig } from './ContentRecordsScreen';

const config: ContentRecordsConfig = {
  kind: 'investment-project',
  list: 'investment-projects',
  nameField: 'name',
  calls: {
    add: (document) => contentApi.addCatalogue('investment-project', document),
    save: (id, document) => contentApi.saveCatalogue('investment-project', id, document),
  },
};

/** /investmentProjects: projects open for investment; the amount is stored in yuan and shown in billions (ui-schemas/screens/investment-projects.json). */
export default function InvestmentProjectsScreen() {
  return <ContentRecordsScreen config={config} />;
}
