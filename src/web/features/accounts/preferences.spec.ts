import { describe, expect, it } from 'vitest';
import { messageEmailsSavedToast } from './preferences';

describe('messageEmailsSavedToast', () => {
  it('says what the saved switch now does', () => {
    expect(messageEmailsSavedToast(true)).toEqual({
      title: 'Settings saved',
      description: "We'll email you about messages you haven't read within 10 minutes.",
    });
    expect(messageEmailsSavedToast(false).description).toBe("We won't email you about new messages. You'll still see them in Messages.");
  });
});
