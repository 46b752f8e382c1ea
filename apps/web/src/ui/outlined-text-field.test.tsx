import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OutlinedTextField } from './outlined-text-field';

describe('outlined text field', () => {
  it('labels its input, marks it required and describes it with the helper text', () => {
    render(
      <OutlinedTextField
        label="Username"
        value="ana"
        onChange={() => undefined}
        required
        error
        helperText="Enter a username"
        testId="username"
      />,
    );
    const input = screen.getByLabelText<HTMLInputElement>(/Username/);
    expect(input).toBe(screen.getByTestId('username'));
    expect(input.value).toBe('ana');
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const helper = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(helper?.textContent).toBe('Enter a username');
  });

  it('passes what is typed and describes nothing without a helper text', async () => {
    const onChange = vi.fn();
    render(<OutlinedTextField label="Password" type="password" value="" onChange={onChange} />);
    const input = screen.getByLabelText<HTMLInputElement>('Password');
    expect(input.type).toBe('password');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    await userEvent.type(input, 'x');
    expect(onChange).toHaveBeenCalledOnce();
  });
});
