import { describe, expect, it } from 'vitest';
import { dialogPanelClass } from './FormDialog';

describe('dialogPanelClass', () => {
  it('is 28 rem wide at most by default and 32 rem when large', () => {
    expect(dialogPanelClass().split(' ')).toContain('max-w-md');
    expect(dialogPanelClass('md').split(' ')).not.toContain('max-w-lg');
    expect(dialogPanelClass('lg').split(' ')).toContain('max-w-lg');
    expect(dialogPanelClass('lg').split(' ')).not.toContain('max-w-md');
  });

  it('fits a phone: nearly full width, at most 90% of the screen high, scrolling inside', () => {
    const classes = dialogPanelClass().split(' ');
    expect(classes).toEqual(expect.arrayContaining(['w-[calc(100vw-2rem)]', 'max-h-[90vh]', 'overflow-y-auto']));
  });
});
