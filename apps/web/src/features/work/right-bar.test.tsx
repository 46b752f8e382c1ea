import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { rightBarWidth } from '../../app/constants';
import { RightBar } from './right-bar';

const initialWidth = window.innerWidth;

function resizeTo(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

const barWidth = () => getComputedStyle(screen.getByTestId('right-bar')).width;

describe('right bar (spec §9: viewport width − 800, clamped to 500..790)', () => {
  afterEach(() => resizeTo(initialWidth));

  it('is 500 at 1000 px, 600 at 1400 px and 790 at 2000 px, following the window', () => {
    resizeTo(1000);
    render(
      <RightBar beside>
        <p>preview</p>
      </RightBar>,
    );
    expect(barWidth()).toBe('500px');
    resizeTo(1400);
    expect(barWidth()).toBe('600px');
    resizeTo(2000);
    expect(barWidth()).toBe('790px');
  });

  it('computes the same widths as a rule', () => {
    expect([1000, 1300, 1400, 1590, 2000].map(rightBarWidth)).toEqual([500, 500, 600, 790, 790]);
  });

  it('takes the full width under the form in a narrow window', () => {
    resizeTo(1000);
    render(
      <RightBar beside={false}>
        <p>preview</p>
      </RightBar>,
    );
    expect(barWidth()).toBe('100%');
  });
});
