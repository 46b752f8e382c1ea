import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { FieldSchema, type FieldInput as FieldDefinition, type Model } from '@listina/forms';
import { AppProviders } from '../../app/providers';
import { fakeApi, type Handler } from '../../test/fake-api';
import { DialogsContext, type Dialogs } from '../dialogs/dialog-context';
import type { FieldMessage } from '../types';
import { FieldInput } from './field-input';

/**
 * For the inputs' component tests: one FieldInput inside the app's providers, holding its value
 * the way a form does (the parsed value goes back in, the input's own message is shown).
 */
interface HarnessOptions {
  value?: unknown;
  model?: Model;
  readonly?: boolean;
  label?: string;
  dialogs?: Dialogs;
  handlers?: Record<string, Handler>;
}

export async function renderInput(definition: FieldDefinition, options: HarnessOptions = {}) {
  const field = FieldSchema.parse(definition);
  const calls = fakeApi(options.handlers);
  const onChange = vi.fn<(value: unknown) => void>();
  const onInputMessage = vi.fn<(message: FieldMessage | undefined) => void>();
  const onClick = vi.fn<(name: string) => void>();
  const state = { value: options.value };

  function Host() {
    const [value, setValue] = useState<unknown>(options.value);
    const [message, setMessage] = useState<FieldMessage | undefined>();
    return (
      <FieldInput
        field={field}
        id={`input-${field.name}`}
        label={options.label ?? field.name}
        value={value}
        model={{ ...options.model, [field.name]: value }}
        readonly={options.readonly ?? false}
        message={message}
        onChange={(next) => {
          state.value = next;
          onChange(next);
          setValue(next);
        }}
        onInputMessage={(next) => {
          onInputMessage(next);
          setMessage(next);
        }}
        onClick={onClick}
      />
    );
  }

  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const host = <Host />;
  render(
    <AppProviders queryClient={queryClient}>
      {options.dialogs ? <DialogsContext value={options.dialogs}>{host}</DialogsContext> : host}
    </AppProviders>,
  );
  const control = await screen.findByTestId(`field-${field.name}`);
  return { control, calls, onChange, onInputMessage, onClick, value: () => state.value };
}
