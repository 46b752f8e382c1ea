import { useState, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SchemaSchema, type Model, type Schema, type SchemaInput } from '@listina/forms';
import { AppProviders } from '../../app/providers';
import { SchemaForm, type SchemaFormProps } from '../form/schema-form';
import { UndoProvider } from '../undo/undo-snackbar';
import { DialogStackProvider } from './dialog-stack';
import { RecordPreviewContext, type RecordPreviewProps } from './record-preview';

/**
 * For component tests of the schema UI: the app's providers, a router, the undo snackbar and
 * the dialog stack around a piece of UI, as the main layout puts them.
 */
export function renderInShell(
  ui: ReactElement,
  path = '/o/org-1/cl/partner',
  renderPreview: ((props: RecordPreviewProps) => ReactNode) | null = null,
) {
  window.localStorage.setItem('listina.locale', 'en-gb');
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <UndoProvider>
            <RecordPreviewContext value={renderPreview}>
              <DialogStackProvider>{ui}</DialogStackProvider>
            </RecordPreviewContext>
          </UndoProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** A schema as the server would send it, parsed with its defaults. */
export const schemaOf = (input: SchemaInput): Schema => SchemaSchema.parse(input);

type HarnessProps = Omit<SchemaFormProps, 'model' | 'onChange'> & {
  initial: Model;
  /** Sees every model the form produces. */
  onModel?: (model: Model) => void;
};

/** A SchemaForm holding its own model, as a page or dialog would. */
export function FormHarness({ initial, onModel, ...props }: HarnessProps) {
  const [model, setModel] = useState(initial);
  return (
    <SchemaForm
      {...props}
      model={model}
      onChange={(next) => {
        setModel(next);
        onModel?.(next);
      }}
    />
  );
}
