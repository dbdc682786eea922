import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { BrowserRouter } from 'react-router';
import { FeedbackHost } from '../feedback/FeedbackHost';
import { AppRoutes } from '../router/AppRoutes';
import { theme } from './theme';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <FeedbackHost />
    </ThemeProvider>
  );
}
