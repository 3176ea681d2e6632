import type { MessageWarning } from './messaging.dto.js';

// An international number (+ and 8 or more digits) or the North American 3-3-4 grouping; part numbers such as
// 911-105-023-00 group their digits otherwise and are left alone. Each alternative is bounded, so the scan is linear.
const PHONE = /\+\d(?:[\s().-]{0,2}\d){7,14}\b|(?:\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b(?![.-]\d)/;
const PAYMENT = [
  /\bwire\s*transfer\b/i,
  /\bbank\s*transfer\b/i,
  /\bwestern\s*union\b/i,
  /\bmoney\s*gram\b/i,
  /\bzelle\b/i,
  /\bvenmo\b/i,
  /\bcash\s*app\b/i,
  /\bcrypto(?:currency)?\b/i,
  /\bbitcoin\b|\bbtc\b|\busdt\b|\bethereum\b|\beth\s+wallet\b/i,
  /\bfriends\s*(?:and|&|n)\s*family\b/i,
  /\bpaypal\s+(?:f\s*&\s*f|ff|gift)\b/i,
];

// The pieces of an email address, as one pass over the text reads them: "@" and a bracketed "(at)" are certain
// separators, the bare word "at" only a possible one; likewise "." and "(dot)" against the bare word "dot".
const WORD = 0;
const WEAK_AT = 1;
const WEAK_DOT = 2;
const AT = 3;
const DOT = 4;
const OTHER = 5;

// Short English words ("at", "it", "no", "me", "be", "us") are left out: "at work dot it is" is prose.
const SPELLED_TLDS = new Set(['com', 'net', 'org', 'edu', 'gov', 'io', 'co', 'uk', 'ca', 'au', 'nz', 'de', 'fr', 'es', 'nl', 'ch', 'se', 'dk', 'fi', 'ie', 'pl', 'jp', 'info', 'biz']);
/** Words that start prose, not a domain: "look at the dot on the gauge", "at this dot com era". */
const NOT_A_DOMAIN = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'my', 'your', 'our', 'his', 'her', 'its', 'their', 'one', 'some', 'any', 'each', 'every', 'same', 'other', 'least', 'most', 'all', 'first', 'last', 'end']);

const isWordChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 37 || c === 43 || c === 45; // a-z 0-9 _ % + -
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0;
const OPENERS = '([{<';
const CLOSERS = ')]}>';

/**
 * Whether `content` holds an email address, written plainly (joe.bloggs@example.com), bracketed
 * (joe (at) example (dot) com) or spelled out (john dot doe at gmail dot com). One pass over the characters, with
 * no backtracking and nothing kept but the address being read, so the cost is linear in the length (a regular
 * expression that tried every start of a long word cost 75 ms for 5,000 letters). A spelled-out address must end
 * in a common top-level domain and not start its domain with a word of prose.
 */
export function hasEmailAddress(content: string): boolean {
  const text = content.toLowerCase();
  const n = text.length;
  let prev = OTHER;
  // The domain being read after an "at": its labels so far, whether any separator was spelled out, and what is due.
  let inDomain = false;
  let wantWord = true;
  let labels = 0;
  let spelled = false;
  let weakDotDue = false;
  let firstLabel = '';
  let lastStart = 0;
  let lastEnd = 0;
  let i = 0;
  while (i <= n) {
    // The next piece: [start, end) of `kind`; past the end, one OTHER closes a domain still being read.
    let kind = OTHER;
    const start = i;
    let end = i + 1;
    if (i < n) {
      const c = text.charCodeAt(i);
      if (isSpace(c)) {
        i++;
        continue;
      }
      if (isWordChar(c)) {
        while (end < n && isWordChar(text.charCodeAt(end))) end++;
        const length = end - start;
        kind = length === 2 && text.startsWith('at', start) ? WEAK_AT : length === 3 && text.startsWith('dot', start) ? WEAK_DOT : WORD;
      } else if (c === 64) kind = AT; // "@"
      else if (c === 46) kind = DOT; // "."
      else {
        const opener = OPENERS.indexOf(text[i]!);
        if (opener >= 0) {
          // "(at)", "[ dot ]" and the like; otherwise the bracket alone is an OTHER.
          let j = i + 1;
          while (j < n && isSpace(text.charCodeAt(j))) j++;
          const word = text.startsWith('at', j) ? 'at' : text.startsWith('dot', j) ? 'dot' : '';
          let k = j + word.length;
          while (word && k < n && isSpace(text.charCodeAt(k))) k++;
          if (word && text[k] === CLOSERS[opener]) {
            kind = word === 'at' ? AT : DOT;
            end = k + 1;
          }
        }
      }
    }
    i = end;

    if (inDomain) {
      if (wantWord && kind === WORD) {
        if (labels === 0) firstLabel = text.slice(start, end);
        labels++;
        lastStart = start;
        lastEnd = end;
        spelled ||= weakDotDue;
        wantWord = false;
        prev = kind;
        continue;
      }
      if (!wantWord && (kind === DOT || kind === WEAK_DOT)) {
        wantWord = true;
        weakDotDue = kind === WEAK_DOT;
        prev = kind;
        continue;
      }
      // Anything else ends the domain (a dot with no word after it is not part of it).
      if (labels >= 2) {
        const tld = text.slice(lastStart, lastEnd);
        if (/^[a-z]{2,24}$/.test(tld) && (!spelled || (SPELLED_TLDS.has(tld) && !NOT_A_DOMAIN.has(firstLabel)))) return true;
      }
      inDomain = false;
    }
    if ((kind === AT || kind === WEAK_AT) && prev === WORD) {
      inDomain = true;
      wantWord = true;
      labels = 0;
      spelled = kind === WEAK_AT;
      weakDotDue = false;
    }
    prev = kind;
  }
  return false;
}

/** Off-platform contact details or payment requests in a message (delivered, with a warning, and flagged). */
export function offPlatformWarnings(content: string): MessageWarning[] {
  const warnings: MessageWarning[] = [];
  if (hasEmailAddress(content)) warnings.push('email');
  if (PHONE.test(content)) warnings.push('phone');
  if (PAYMENT.some((p) => p.test(content))) warnings.push('off_platform_payment');
  return warnings;
}
