import { useMemo, useState } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { evaluateExpression, type Field, type Model } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { labelOf } from '../../schema-ui/form/labels';
import { FieldInput } from '../../schema-ui/inputs/field-input';
import { resolveInputType } from '../../schema-ui/inputs/input-parts';
import type { FieldMessage } from '../../schema-ui/types';
import { sampleModel, sampleSchema } from './sample-schema';

/**
 * /playground/playground_input: every input type once enabled and once read-only, over one
 * model, so what is typed on the left shows how it reads on the right.
 */
export function InputGallery() {
  const { t, has } = useI18n();
  const schema = useMemo(() => sampleSchema(t), [t]);
  const [model, setModel] = useState<Model>(() => sampleModel(t));
  const [messages, setMessages] = useState<Record<string, FieldMessage | undefined>>({});
  const [clicked, setClicked] = useState<string | null>(null);
  // Grids are nested forms: the sample form shows them.
  const fields = schema.fields.filter((field) => resolveInputType(field) !== 'grid');
  const label = (field: Field) => labelOf(field, schema, t, has);

  const input = (field: Field, isReadonly: boolean) => {
    const value = field.expr ? evaluateExpression(field.expr, model) : model[field.name];
    const shownField = isReadonly ? { ...field, name: `${field.name}Readonly` } : field;
    return (
      <FieldInput
        field={shownField}
        id={`gallery-${shownField.name}`}
        label={isReadonly ? t('playground.readonlyLabel', [label(field)]) : label(field)}
        value={value}
        model={model}
        readonly={isReadonly || field.expr !== undefined}
        message={isReadonly ? undefined : messages[field.name]}
        onChange={(next) => setModel((current) => ({ ...current, [field.name]: next }))}
        onInputMessage={(message) =>
          setMessages((current) => ({ ...current, [field.name]: message }))
        }
        onClick={setClicked}
      />
    );
  };

  return (
    <Paper sx={{ p: 2, overflowX: 'auto' }}>
      <Table size="small" aria-label={t('playground.tab.inputs')} data-testid="playground-inputs">
        <TableHead>
          <TableRow>
            <TableCell>{t('playground.inputType')}</TableCell>
            <TableCell>{t('playground.enabled')}</TableCell>
            <TableCell>{t('playground.readonly')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((field) => (
            <TableRow key={field.name} data-testid={`gallery-row-${field.name}`}>
              <TableCell component="th" scope="row" data-testid="gallery-input-type">
                <code>{resolveInputType(field)}</code>
              </TableCell>
              <TableCell sx={{ width: '45%', verticalAlign: 'top' }}>
                {input(field, false)}
              </TableCell>
              <TableCell sx={{ width: '45%', verticalAlign: 'top' }}>
                {input(field, true)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {clicked && (
        <Typography role="status" sx={{ mt: 2 }} data-testid="playground-clicked">
          {t('playground.clicked', [clicked])}
        </Typography>
      )}
    </Paper>
  );
}
