import { documentReferenceOf } from '@listina/forms';
import type { FieldHandlerContext, FieldHandlers } from '../../schema-ui/types';

/**
 * The handlers the doc schema names: a whole reference pasted into the reference field
 * ('SI12 1234567890 9') puts its model into the model field, as the server does on save.
 */
export const docHandlers: FieldHandlers = {
  'doc.referenceChanged': ({ model, value }: FieldHandlerContext) => {
    const fields = documentReferenceOf(value);
    return fields ? { ...model, ...fields } : undefined;
  },
};
