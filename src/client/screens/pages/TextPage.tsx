import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A page of translated paragraphs (`<prefix>.sections` is an array of {title, body}). */
export function TextPage({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const sections = t(`${prefix}.sections`, { returnObjects: true }) as { title: string; body: string }[];
  return (
    <Paper sx={{ p: 3 }}>
      {(Array.isArray(sections) ? sections : []).map((section) => (
        <section key={section.title}>
          <Typography component="h2" variant="h6" sx={{ mt: 1, mb: 1 }}>
            {section.title}
          </Typography>
          <Typography variant="body1" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
            {section.body}
          </Typography>
        </section>
      ))}
    </Paper>
  );
}
