import type { NameOptions } from '../text/supplier-name';
import type { FoundValue, TextField } from '../text/text-fields';
import type { LayoutPage } from './page-words';

export type LayoutFields = Partial<Record<TextField, FoundValue>>;

export function readLayoutFields(
  pages: readonly LayoutPage[],
  source: 'text' | 'ocr',
  options: NameOptions = {},
): LayoutFields {
  void pages;
  void source;
  void options;
  return {};
}
