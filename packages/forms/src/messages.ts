/**
 * Messages travel as translation keys with positional parameters ({0}, {1}), as in the
 * spec §3 validation message and the spec §8 error shape; the client translates them.
 */
export interface Message {
  code: string;
  parameters: (string | number)[];
}

/** Replaces {0}, {1} … with the parameters; a placeholder without a parameter stays as is. */
export function formatMessage(template: string, parameters: readonly (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const parameter = parameters[Number(index)];
    return parameter === undefined ? placeholder : String(parameter);
  });
}
