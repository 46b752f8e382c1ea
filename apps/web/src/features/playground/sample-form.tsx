import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Model } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { labelOf } from '../../schema-ui/form/labels';
import { SchemaForm } from '../../schema-ui/form/schema-form';
import { sampleModel, sampleSchema } from './sample-schema';

/** /playground: the sample schema as a form, with the model it edits shown live as JSON. */
export function SampleForm() {
  const { t, has } = useI18n();
  const schema = useMemo(() => sampleSchema(t), [t]);
  const [model, setModel] = useState<Model>(() => sampleModel(t));
  const [clicked, setClicked] = useState<string | null>(null);
  const clickedField = schema.fields.find((field) => field.name === clicked);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
      <Paper sx={{ p: 2 }}>
        <SchemaForm
          schema={schema}
          model={model}
          onChange={setModel}
          onButtonClick={setClicked}
          testId="playground-form"
        />
        {clickedField && (
          <Typography role="status" sx={{ mt: 2 }} data-testid="playground-clicked">
            {t('playground.clicked', [labelOf(clickedField, schema, t, has)])}
          </Typography>
        )}
      </Paper>
      <Paper
        sx={{ p: 2, minWidth: 0 }}
        component="section"
        aria-labelledby="playground-model-title"
      >
        <Typography id="playground-model-title" variant="h6" component="h2">
          {t('playground.model')}
        </Typography>
        <Box
          component="pre"
          data-testid="playground-model"
          sx={{ m: 0, fontSize: '0.8rem', overflow: 'auto', whiteSpace: 'pre-wrap' }}
        >
          {JSON.stringify(model, null, 2)}
        </Box>
      </Paper>
    </Box>
  );
}
