import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { FormDocument } from '../../../shared/form-versions-api';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { FieldList } from './FieldList';
import { FieldPanel } from './FieldPanel';
import { RefusalList } from './RefusalList';
import { contentOf, documentEdits, type DocumentEdit } from './model/document-edits';
import type { FieldSpec, ModelContext } from './model/field-spec';
import { newField } from './model/new-field';
import type { Refusal } from './model/protected-rules';
import { readFields } from './model/read-fields';

interface Props {
  ctx: ModelContext;
  document: FormDocument;
  onEdit: (document: FormDocument) => void;
}

/** The field list beside the field panel of the picked (or new) field. */
export function FieldsTab({ ctx, document, onEdit }: Props) {
  const t = useKeyTranslation();
  const fields = useMemo(() => readFields(ctx, contentOf(document)), [ctx, document]);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState<FieldSpec | null>(null);
  const [listRefusals, setListRefusals] = useState<Refusal[]>([]);
  const current = adding ?? fields.find((field) => field.name === selected) ?? null;

  const applied = (result: DocumentEdit): Refusal[] => {
    if (!result.ok) return result.refusals;
    onEdit(result.document);
    return [];
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(16rem, 1fr) 2fr' }, gap: 2 }}>
      <Paper sx={{ p: 1 }}>
        <RefusalList refusals={listRefusals} />
        <FieldList
          fields={fields}
          selected={adding ? null : selected}
          onSelect={(name) => {
            setAdding(null);
            setSelected(name);
            setListRefusals([]);
          }}
          onMove={(name, index) => {
            setListRefusals([]);
            onEdit(documentEdits.move(document, name, index));
          }}
          onDrop={(name) => {
            const refusals = applied(documentEdits.drop(ctx, document, name));
            setListRefusals(refusals);
            if (refusals.length === 0 && selected === name) setSelected(null);
          }}
          onAdd={() => {
            setListRefusals([]);
            setAdding(newField(ctx, '', 'shortText'));
          }}
        />
      </Paper>
      <Paper sx={{ p: 2 }}>
        {current ? (
          <FieldPanel
            key={adding ? '+new' : current.name}
            ctx={ctx}
            field={current}
            fields={fields}
            adding={adding !== null}
            onCancel={() => {
              setAdding(null);
              setSelected(null);
            }}
            onApply={(spec) => {
              const refusals = applied(documentEdits.write(ctx, document, spec, adding !== null));
              if (refusals.length === 0 && adding) {
                setAdding(null);
                setSelected(spec.name);
              }
              return refusals;
            }}
          />
        ) : (
          <Typography color="text.secondary">{t('forms.panel.pick')}</Typography>
        )}
      </Paper>
    </Box>
  );
}
