import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES, type Language } from '../../shared/constants';
import { LANGUAGE_NAMES } from './language-names';

interface LanguageMenuProps {
  anchor: HTMLElement | null;
  language: Language;
  onChoose: (language: Language) => void;
  onClose: () => void;
}

/** The languages offered by the selector's button (open while `anchor` is set). */
export function LanguageMenu({ anchor, language, onChoose, onClose }: LanguageMenuProps) {
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {LANGUAGES.map((code) => (
        <MenuItem key={code} selected={code === language} onClick={() => onChoose(code)} lang={code}>
          {LANGUAGE_NAMES[code]}
        </MenuItem>
      ))}
    </Menu>
  );
}
