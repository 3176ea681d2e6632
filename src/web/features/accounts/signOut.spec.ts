import { describe, expect, it, vi } from 'vitest';
import { SIGN_OUT_PATH, signOut } from './signOut';

describe('signOut', () => {
  it('posts a form to /api/logout instead of following the link', () => {
    const form = { method: '', action: '', hidden: false, submit: vi.fn() };
    const body = { append: vi.fn() };
    const event = { preventDefault: vi.fn() };
    signOut(event, { createElement: () => form, body } as unknown as Document);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(form).toMatchObject({ method: 'post', action: SIGN_OUT_PATH, hidden: true });
    expect(body.append).toHaveBeenCalledWith(form);
    expect(form.submit).toHaveBeenCalledOnce();
  });
});
