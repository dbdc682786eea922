import { createTheme } from '@mui/material/styles';
import { THEME_COLOR } from '../../shared/constants';

export const theme = createTheme({
  palette: { primary: { main: THEME_COLOR } },
  typography: {
    fontFamily: '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", "Helvetica Neue", Arial, sans-serif',
  },
});
