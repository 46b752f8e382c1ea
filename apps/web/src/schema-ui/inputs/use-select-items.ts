import type { References } from '@listina/forms';
import { TABLE_PAGE_SIZE } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import type { InputProps } from '../types';
import { useLookup } from './use-lookup';

/** The references of a field that names none: a code list's code, shown with its name. */
export const NO_REFERENCES: References = { field: 'code', displayFields: ['code', 'name'] };

/** The items of a select (one or several): one unsearched page of the field's lookup. */
export function useSelectItems(props: Pick<InputProps, 'field' | 'model'>, softFiltersOn: boolean) {
  const { locale } = useI18n();
  const references = props.field.references ?? NO_REFERENCES;
  const lookup = useLookup({
    references,
    model: props.model,
    search: '',
    enabled: true,
    pageSize: TABLE_PAGE_SIZE,
    sortLocale: locale,
    softFiltersOn,
  });
  return { references, lookup };
}
