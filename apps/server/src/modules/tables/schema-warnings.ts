import { validateModelWarnings } from '@listina/forms';
import type { MessageSpec } from '../../lib/errors';
import type { EntityDef } from './entity';
import { schemaOf, type Model } from './model';

/**
 * Warnings of the schema's domain checks (packages/forms, as the form shows them): a text
 * with a character a bank's file cannot carry, with the text spelt in the set to offer. An
 * entity adds them to its own warnings, so they wait for ignoreWarnings like those.
 */
export function schemaWarnings(entity: EntityDef, model: Model): MessageSpec[] {
  return validateModelWarnings(schemaOf(entity), model).map(
    ({ code, parameters, field, suggestion }) => ({ code, parameters, field, suggestion }),
  );
}
