import type { MessageWarning } from './messaging.dto.js';

const EMAIL = /[a-z0-9._%+-]+\s*(?:@|\(at\)|\[at\])\s*[a-z0-9-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[a-z0-9-]+)*\s*(?:\.|\(dot\)|\[dot\])\s*[a-z]{2,}/i;
// An international number (+ and 8 or more digits) or the North American 3-3-4 grouping; part numbers such as
// 911-105-023-00 group their digits otherwise and are left alone.
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

/** Off-platform contact details or payment requests in a message (delivered, with a warning, and flagged). */
export function offPlatformWarnings(content: string): MessageWarning[] {
  const warnings: MessageWarning[] = [];
  if (EMAIL.test(content)) warnings.push('email');
  if (PHONE.test(content)) warnings.push('phone');
  if (PAYMENT.some((p) => p.test(content))) warnings.push('off_platform_payment');
  return warnings;
}
