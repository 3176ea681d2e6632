import { describe, expect, it } from 'vitest';
import { extractLinks } from './links';

describe('links in a mail', () => {
  it('finds the verification link in a plain-text mail', () => {
    const text = 'Hi Jim,\n\nConfirm your address:\nhttp://localhost:3000/verify-email?token=abc123XYZ\n\nThe Pitlane team';
    expect(extractLinks(text)).toEqual(['http://localhost:3000/verify-email?token=abc123XYZ']);
  });

  it('drops the punctuation that ends a sentence after a link', () => {
    expect(extractLinks('Visit https://pitlane.example/parts/42. Or (see https://pitlane.example/help), thanks!')).toEqual([
      'https://pitlane.example/parts/42',
      'https://pitlane.example/help',
    ]);
  });

  it('keeps a closing parenthesis that belongs to the URL', () => {
    expect(extractLinks('See https://en.wikipedia.org/wiki/Lotus_(cars) for history')).toEqual(['https://en.wikipedia.org/wiki/Lotus_(cars)']);
  });

  it('lists each link once, in order of appearance', () => {
    expect(extractLinks('https://a.example/1 https://b.example/2 https://a.example/1')).toEqual(['https://a.example/1', 'https://b.example/2']);
  });

  it('ignores other schemes and empty text', () => {
    expect(extractLinks('mailto:help@pitlane.example ftp://files.example/x javascript:alert(1)')).toEqual([]);
    expect(extractLinks('')).toEqual([]);
    expect(extractLinks(null)).toEqual([]);
  });
});
