import { yuanToBillion } from '../../../shared/content-api';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { CatalogueScreen, type CatalogueConfig } from './CatalogueScreen';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** /investmentProjects: projects open for investment; the amount is stored in yuan and shown in billions. */
export default function InvestmentProjectsScreen() {
  const t = useKeyTranslation();
  const config: CatalogueConfig = {
    kind: 'investment-project',
    title: 'content.investment.title',
    nameOf: (record) => text(record.document.name),
    columns: [
      { label: 'content.investment.name', value: (record) => text(record.document.name) },
      { label: 'content.investment.area', value: (record) => text(record.document.area) },
      { label: 'content.investment.industry', value: (record) => text(record.document.industry) },
      {
        label: 'content.investment.investment',
        value: (record) => (typeof record.document.investment === 'number' ? t('content.common.billion', { amount: yuanToBillion(record.document.investment) }) : ''),
      },
      { label: 'content.investment.manager', value: (record) => text(record.document.projectManager) },
    ],
  };
  return <CatalogueScreen config={config} />;
}
