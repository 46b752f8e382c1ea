import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  evaluateCondition,
  isFieldVisible,
  type Field,
  type Model,
  type Schema,
} from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { useFormController } from './form-controller';
import { fieldDomId } from './labels';
import { SchemaField } from './schema-field';

/** spec §5 importance of a field; a grid field may take it from its rows' schema. */
export function importanceOf(field: Field): number {
  return field.importance ?? field.schema?.importance ?? 0;
}

/** spec §5 visibility, and for a grid field its schema's condition over the parent model. */
export function isShown(field: Field, model: Model): boolean {
  if (!isFieldVisible(field, model)) return false;
  return field.schema ? evaluateCondition(field.schema.condition, model) : true;
}

/**
 * spec §3 layout: the fields named in one layout row sit side by side, at the place of the
 * first of them; every other field has a row of its own, in schema order.
 */
export function layoutRows(fields: readonly Field[], layout: Schema['layout']): Field[][] {
  const rowOf = new Map<string, number>();
  (layout ?? []).forEach((names, index) => names.forEach((name) => rowOf.set(name, index)));
  const placed = new Set<number>();
  const rows: Field[][] = [];
  for (const field of fields) {
    const index = rowOf.get(field.name);
    if (index === undefined) {
      rows.push([field]);
    } else if (!placed.has(index)) {
      placed.add(index);
      const names = layout?.[index] ?? [];
      rows.push(fields.filter((item) => names.includes(item.name)));
    }
  }
  return rows;
}

interface FormFieldsProps {
  schema: Schema;
  model: Model;
  /** Prefix of this model's paths in the form: '' at the top, 'bankAccounts.0.' in a row. */
  pathPrefix: string;
  onChange: (model: Model) => void;
}

/**
 * The fields of a schema over a model, laid out in rows. spec §5 importance: 0 always shows;
 * 1 shows in its place only after "show more"; -1 shows only in the "more" section below.
 */
export function FormFields({ schema, model, pathPrefix, onChange }: FormFieldsProps) {
  const { t } = useI18n();
  const { idPrefix } = useFormController();
  const [expanded, setExpanded] = useState(false);
  const shown = schema.fields.filter((field) => isShown(field, model));
  const main = shown.filter((field) => {
    const importance = importanceOf(field);
    return importance === 0 || (importance === 1 && expanded);
  });
  const more = expanded ? shown.filter((field) => importanceOf(field) === -1) : [];
  const hasMore = shown.some((field) => importanceOf(field) !== 0);
  const toggleId = fieldDomId(idPrefix, `${pathPrefix}showMore`);

  const renderRows = (fields: Field[]) =>
    layoutRows(fields, schema.layout).map((row) => (
      <Box
        key={row.map((field) => field.name).join('+')}
        sx={{ display: 'flex', gap: 2, '& > *': { flex: 1, minWidth: 0 } }}
      >
        {row.map((field) => (
          <Box key={field.name}>
            <SchemaField
              field={field}
              schema={schema}
              model={model}
              path={`${pathPrefix}${field.name}`}
              onChange={onChange}
            />
          </Box>
        ))}
      </Box>
    ));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {renderRows(main)}
      {more.length > 0 && (
        <Box
          component="section"
          aria-labelledby={`${toggleId}-title`}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 1 }}
        >
          <Typography id={`${toggleId}-title`} variant="subtitle2" color="text.secondary">
            {t('schemaForm.moreSection')}
          </Typography>
          {renderRows(more)}
        </Box>
      )}
      {hasMore && (
        <Box>
          <Button
            size="small"
            id={toggleId}
            aria-expanded={expanded}
            startIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            onClick={() => setExpanded((value) => !value)}
          >
            {t(expanded ? 'schemaForm.showLess' : 'schemaForm.showMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
