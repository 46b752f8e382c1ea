import { Link, Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useI18n } from '../../app/i18n';
import { LanguageMenu } from '../../app/shell/language-menu';
import { InputGallery } from './input-gallery';
import { SampleForm } from './sample-form';

/** spec §2: the section of /playground/{section} that lists every input type. */
export const INPUTS_SECTION = 'playground_input';

/** /playground and /playground/playground_input: every input type and a sample schema form. */
export function PlaygroundPage() {
  const { t } = useI18n();
  const { section } = useParams();
  if (section !== undefined && section !== INPUTS_SECTION) {
    return <Navigate to="/playground" replace />;
  }
  const isInputs = section === INPUTS_SECTION;

  return (
    <Container component="main" maxWidth="lg" sx={{ py: 3 }} data-testid="playground-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('playground.title')}
        </Typography>
        <LanguageMenu />
      </Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('playground.intro')}
      </Typography>
      <Tabs value={isInputs ? 'inputs' : 'form'} sx={{ mb: 2 }} component="nav">
        <Tab
          value="form"
          label={t('playground.tab.form')}
          component={Link}
          to="/playground"
          data-testid="playground-tab-form"
        />
        <Tab
          value="inputs"
          label={t('playground.tab.inputs')}
          component={Link}
          to={`/playground/${INPUTS_SECTION}`}
          data-testid="playground-tab-inputs"
        />
      </Tabs>
      {isInputs ? <InputGallery /> : <SampleForm />}
    </Container>
  );
}
