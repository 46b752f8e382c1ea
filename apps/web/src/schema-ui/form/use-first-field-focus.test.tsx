import { useEffect, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { FormHarness, renderInShell, schemaOf } from '../dialogs/test-support';
import { useFirstFieldFocus } from './use-first-field-focus';

const schema = schemaOf({
  id: 'partner',
  fields: [
    { name: 'code', inputType: 'text', labelText: 'Code', readonly: true },
    { name: 'name', inputType: 'text', labelText: 'Name' },
  ],
});

/** A form whose only field is drawn `after` ms after it opens, as a field waiting for items. */
function LateField({ after }: { after: number }) {
  const form = useRef<HTMLFormElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), after);
    return () => window.clearTimeout(timer);
  }, [after]);
  useFirstFieldFocus(form, true);
  return <form ref={form}>{shown && <input aria-label="Late" />}</form>;
}

describe('spec §9: the first field has the focus when a form opens', () => {
  it('puts the focus on the first field the user can change', async () => {
    fakeApi();
    renderInShell(<FormHarness schema={schema} initial={{ code: 'P-1', name: '' }} />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('tries again after 1000 ms when the field was not there yet', async () => {
    render(<LateField after={300} />);
    expect(document.activeElement).toBe(document.body);
    const late = await screen.findByRole('textbox', { name: 'Late' });
    expect(document.activeElement).not.toBe(late);
    await waitFor(() => expect(document.activeElement).toBe(late), { timeout: 2_000 });
  });

  it('does not take the focus from a field the user is typing in', async () => {
    const outside = document.createElement('input');
    document.body.append(outside);
    outside.focus();
    fakeApi();
    renderInShell(<FormHarness schema={schema} initial={{ code: 'P-1', name: '' }} />);
    await screen.findByRole('textbox', { name: 'Code' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});
