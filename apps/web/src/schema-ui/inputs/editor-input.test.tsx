import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { en } from '../../test/catalogue';
import { renderInput } from './input-harness';
import { sanitiseHtml } from './sanitise-html';

describe('sanitiseHtml', () => {
  it('drops scripts with their content and every attribute', () => {
    expect(
      sanitiseHtml('<p onclick="steal()">Hi <script>alert(1)</script><b style="x">there</b></p>'),
    ).toBe('<p>Hi <b>there</b></p>');
  });

  it('keeps the text of tags outside the allow-list but not the tags', () => {
    expect(
      sanitiseHtml('<a href="javascript:alert(1)">link</a> <img src=x onerror="alert(1)">'),
    ).toBe('link ');
    expect(sanitiseHtml('<ul><li><i>one</i></li><li><em>two</em></li></ul>')).toBe(
      '<ul><li><i>one</i></li><li><em>two</em></li></ul>',
    );
  });

  it('gives an empty text for markup without text', () => {
    expect(sanitiseHtml('<p><br></p>')).toBe('');
    expect(sanitiseHtml(null)).toBe('');
  });
});

describe('editor input', () => {
  it('shows stored HTML without its script', async () => {
    const { control } = await renderInput(
      { name: 'description', inputType: 'editor' },
      { value: '<p>Safe <strong>bold</strong></p><script>window.hacked = true</script>' },
    );
    expect(control.innerHTML).toBe('<p>Safe <strong>bold</strong></p>');
    expect(control.querySelector('script')).toBeNull();
  });

  it('stores what is typed as sanitised HTML', async () => {
    const { control, value } = await renderInput(
      { name: 'description', inputType: 'editor' },
      { label: 'Description' },
    );
    expect(screen.getByRole('textbox', { name: 'Description' })).toBe(control);
    control.innerHTML =
      '<div>Note <i>this</i><script>alert(1)</script><img src=x onerror=alert(1)></div>';
    fireEvent.input(control);
    expect(value()).toBe('<div>Note <i>this</i></div>');
  });

  it('offers bold, italic and list buttons', async () => {
    await renderInput({ name: 'description', inputType: 'editor' });
    for (const key of ['bold', 'italic', 'bulletList', 'numberedList']) {
      expect(screen.getByRole('button', { name: en(`input.editor.${key}`) })).toBeTruthy();
    }
  });

  it('cannot be edited when read-only', async () => {
    const { control } = await renderInput(
      { name: 'description', inputType: 'editor' },
      { value: '<p>x</p>', readonly: true },
    );
    expect(control.getAttribute('contenteditable')).toBe('false');
    expect(control.getAttribute('aria-disabled')).toBe('true');
    const bold = screen.getByRole('button', { name: en('input.editor.bold') });
    expect((bold as HTMLButtonElement).disabled).toBe(true);
  });
});
