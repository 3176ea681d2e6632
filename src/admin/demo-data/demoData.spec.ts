import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import type { DemoRunDto } from '../../platform/demo/demo.dto';
import { DEMO_SIGN_IN_MESSAGE, demoFailureText, isRunOpen, partPath, runCaption, runNotice } from './demoData';

const run = (overrides: Partial<DemoRunDto> = {}): DemoRunDto => ({
  id: 'r1', action: 'seed', status: 'running', parts: 300, step: 'catalog: part photos', done: 30, total: 300, percent: 40,
  summary: [], error: null, createdAt: '2026-11-25T10:00:00.000Z', startedAt: null, finishedAt: null, ...overrides,
});

describe('demoFailureText', () => {
  it("shows the spec's sign-in message on a 401", () => {
    expect(demoFailureText('seed', new HttpError('Unauthorized', 401))).toBe(`Seeding Failed: ${DEMO_SIGN_IN_MESSAGE}`);
    expect(demoFailureText('clear', new HttpError('whatever', 401))).toBe(`Clearing Failed: ${DEMO_SIGN_IN_MESSAGE}`);
  });

  it("shows the server's message otherwise, or the title alone", () => {
    expect(demoFailureText('clear', new HttpError('Demo data is already being changed.', 409))).toBe('Clearing Failed: Demo data is already being changed.');
    expect(demoFailureText('seed', null)).toBe('Seeding Failed');
  });
});

describe('runNotice', () => {
  it('says nothing while a run is open', () => {
    expect(runNotice(run())).toBeNull();
    expect(isRunOpen(run({ status: 'queued' }))).toBe(true);
    expect(isRunOpen(run({ status: 'succeeded' }))).toBe(false);
  });

  it("titles a finished run as the spec's toasts do", () => {
    expect(runNotice(run({ status: 'succeeded', summary: ['catalog: parts: 300 added'] }))).toEqual({ message: 'Demo Data Seeded: catalog: parts: 300 added', type: 'success' });
    expect(runNotice(run({ action: 'clear', status: 'succeeded' }))).toEqual({ message: 'Demo Data Cleared', type: 'success' });
    expect(runNotice(run({ status: 'failed', error: 'disk full' }))).toEqual({ message: 'Seeding Failed: disk full', type: 'error' });
    expect(runNotice(run({ action: 'clear', status: 'failed' }))).toEqual({ message: 'Clearing Failed', type: 'error' });
  });
});

describe('runCaption and partPath', () => {
  it('describe a run and link a part', () => {
    expect(runCaption(run())).toBe('Adding demo data: 40% — catalog: part photos (30 of 300)');
    expect(runCaption(run({ action: 'clear', status: 'queued' }))).toBe('Clearing demo data: waiting for the worker…');
    expect(partPath('abc')).toBe('/parts/abc');
  });
});
