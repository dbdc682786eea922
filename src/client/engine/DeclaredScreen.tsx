import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { findDeclaration } from './declaration-catalogue';
import { useDeclarationNamespaces } from './declaration-namespaces';
import { LeanForm } from './lean/LeanForm';
import { listCellsReady } from './list-cells';
import type { FormDeclaration, ScreenDeclaration, TabsDeclaration } from './screen-types';

// tables load with the first list screen, not with every form (the sign-in page shows none)
// (with the app's list cells, which come in the app catalogue's later chunk)
const DeclaredList = lazy(async () => {
  const [{ DeclaredList: List }] = await Promise.all([import('./DeclaredList'), listCellsReady()]);
  return { default: List };
});
// the RJSF runtime loads with the first form that needs it: the sign-in forms are lean
const DeclaredForm = lazy(async () => ({ default: (await import('./DeclaredForm')).DeclaredForm }));

function FormBody({ declaration }: { declaration: FormDeclaration }) {
  const { t } = useTranslation();
  if (declaration.lean) return <LeanForm declaration={declaration} />;
  return (
    <Suspense fallback={<CircularProgress aria-label={t('common.loading')} />}>
      <DeclaredForm declaration={declaration} />
    </Suspense>
  );
}

function DeclarationLinks({ links }: { links: { labelKey: string; to: string }[] | undefined }) {
  const { t } = useTranslation();
  if (!links?.length) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2, gap: 2, flexWrap: 'wrap' }}>
      {links.map((link) => (
        <Link key={link.to} component={RouterLink} to={link.to}>
          {t(link.labelKey)}
        </Link>
      ))}
    </Box>
  );
}

function TabsScreen({ declaration }: { declaration: TabsDeclaration }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const active = declaration.tabs[index];
  const inner = active ? findDeclaration(active.screen) : undefined;
  return (
    <Box>
      <Tabs value={index} onChange={(_event, value: number) => setIndex(value)} variant="fullWidth" sx={{ mb: 2 }}>
        {declaration.tabs.map((tab, tabIndex) => (
          <Tab key={tab.screen} label={t(tab.labelKey)} id={`tab-${tab.screen}`} aria-controls={`panel-${tab.screen}`} value={tabIndex} />
        ))}
      </Tabs>
      {active && inner && (
        <Box role="tabpanel" id={`panel-${active.screen}`} aria-labelledby={`tab-${active.screen}`}>
          <DeclaredScreenBody key={inner.id} declaration={inner} />
        </Box>
      )}
      <DeclarationLinks links={declaration.links} />
    </Box>
  );
}

function DeclaredScreenBody({ declaration }: { declaration: ScreenDeclaration }) {
  if (declaration.kind === 'tabs') return <TabsScreen declaration={declaration} />;
  if (declaration.kind === 'list') return <DeclaredList declaration={declaration} />;
  return (
    <>
      <FormBody declaration={declaration} />
      <DeclarationLinks links={declaration.links} />
    </>
  );
}

/** Renders a declared screen by id (forms, tabs of forms, lists): the page body, without chrome. */
export default function DeclaredScreen({ id }: { id: string }) {
  const declaration = findDeclaration(id);
  if (!declaration) throw new Error(`no screen declaration "${id}"`);
  useDeclarationNamespaces(declaration);
  // a table uses the layout's full width
  if (declaration.kind === 'list') return <DeclaredList declaration={declaration} />;
  // forms read best at a limited width, also inside the wide common layout
  return (
    <Box sx={{ maxWidth: 640 }}>
      <DeclaredScreenBody declaration={declaration} />
    </Box>
  );
}
