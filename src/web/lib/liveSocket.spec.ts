import { describe, expect, it } from 'vitest';
import { liveSocketUrl, readFrame } from './liveSocket';

describe('liveSocketUrl', () => {
  it('follows the page protocol', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'pitlane.example' })).toBe('wss://pitlane.example/api/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/ws');
  });
});

describe('readFrame', () => {
  it('reads a JSON frame with a type', () => {
    expect(readFrame(JSON.stringify({ type: 'notification', id: 'n1' }))).toEqual({ type: 'notification', id: 'n1' });
  });
  it('ignores frames that are not JSON objects with a type', () => {
    expect(readFrame('not json')).toBeNull();
    expect(readFrame(JSON.stringify({ id: 'n1' }))).toBeNull();
    expect(readFrame(JSON.stringify(null))).toBeNull();
    expect(readFrame(new ArrayBuffer(2))).toBeNull();
  });
});
