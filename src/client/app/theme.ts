import { createTheme } from '@mui/material/styles';
import { THEME_COLOR } from '../../shared/constants';

/**
 * The theme colour #3d87fe (SPEC section 9) is the brand colour of the header. Against white,
 * text in it reaches only 3.45:1, so buttons, links and tabs use a darker shade of the same blue
 * (5.2:1, WCAG AA), and the header puts dark text on the theme colour (5.0:1).
 */
export const BRAND_TEXT_ON_THEME = '#0a1a3a';

export const theme = createTheme({
  palette: {
    primary: { main: '#1a66e0', light: THEME_COLOR, contrastText: '#ffffff' },
  },
  typography: {
    fontFamily: '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    MuiAppBar: {
      styleOverrides: { root: { backgroundColor: THEME_COLOR, color: BRAND_TEXT_ON_THEME } },
    },
  },
});
