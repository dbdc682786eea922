import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/constants';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import type { FieldSpec } from './model/field-spec';

interface Props {
  fields: readonly FieldSpec[];
  selected: string | null;
  onSelect: (name: string) => void;
  onMove: (name: string, index: number) => void;
  onDrop: (name: string) => void;
  onAdd: () => void;
}

/** The form's fields in order: pick one to edit, move it, drop it (not a protected one), add one. */
export function FieldList({ fields, selected, onSelect, onMove, onDrop, onAdd }: Props) {
  const t = useKeyTranslation();
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh-CN';
  return (
    <Box sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
      <Button variant="outlined" onClick={onAdd} data-testid="field-add">
        {t('forms.list.add')}
      </Button>
      <List dense aria-label={t('forms.list.title')} data-testid="field-list">
        {fields.map((field, index) => (
          <ListItem
            key={field.name}
            disablePadding
            data-testid={`field-row-${field.name}`}
            data-protected={field.protected ? 'true' : undefined}
            secondaryAction={
              <Box sx={{ display: 'flex' }}>
                <Button
                  size="small"
                  sx={{ minWidth: 0 }}
                  disabled={index === 0}
                  aria-label={t('forms.list.up')}
                  onClick={() => onMove(field.name, index - 1)}
                >
                  ↑
                </Button>
                <Button
                  size="small"
                  sx={{ minWidth: 0 }}
                  disabled={index === fields.length - 1}
                  aria-label={t('forms.list.down')}
                  onClick={() => onMove(field.name, index + 1)}
                >
                  ↓
                </Button>
                <Tooltip title={field.protected ? t('forms.list.dropLocked') : ''}>
                  <span>
                    <Button
                      size="small"
                      color="error"
                      sx={{ minWidth: 0 }}
                      aria-label={t('forms.list.drop')}
                      data-testid={`field-drop-${field.name}`}
                      onClick={() => onDrop(field.name)}
                    >
                      ✕
                    </Button>
                  </span>
                </Tooltip>
              </Box>
            }
          >
            <ListItemButton selected={selected === field.name} onClick={() => onSelect(field.name)} sx={{ pr: 14 }}>
              <ListItemText
                primary={field.label[language] || field.name}
                secondary={
                  <>
                    {field.name} · {t(`forms.kinds.${field.kind}`)}
                    {field.required && <Chip component="span" size="small" label={t('forms.list.required')} sx={{ ml: 0.5 }} />}
                    {field.requiredWhen && <Chip component="span" size="small" label={t('forms.list.requiredWhen')} sx={{ ml: 0.5 }} />}
                    {field.protected && (
                      <Chip component="span" size="small" color="info" label={t('forms.list.protected')} sx={{ ml: 0.5 }} />
                    )}
                  </>
                }
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
