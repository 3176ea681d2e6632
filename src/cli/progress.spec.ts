import { describe, expect, it } from 'vitest';
import { progressBar, progressReporter } from './progress.js';

const at = (percent: number, label = 'part photos', done = 150, total = 300) => ({ step: 'catalog', label, done, total, percent });

describe('progressBar', () => {
  it('draws the share done, the step and the counts, within the terminal width', () => {
    expect(progressBar(at(50), 80, 10)).toBe('[█████░░░░░]  50% catalog: part photos 150/300');
    expect(progressBar(at(100, 'done', 1, 1), 80, 4)).toBe('[████] 100% catalog: done');
    expect(progressBar(at(50), 20, 10)).toHaveLength(19);
  });
});

describe('progressReporter off a terminal', () => {
  it('prints a plain line when the step changes or another tenth is done', () => {
    const lines: string[] = [];
    const stream = { isTTY: false, write: (s: string) => lines.push(s) } as unknown as NodeJS.WriteStream;
    const { report } = progressReporter(stream);
    for (const p of [at(41), at(42), at(55), at(55, 'parts', 0, 1)]) report(p);
    expect(lines).toEqual([' 41% catalog: part photos 150/300\n', ' 55% catalog: part photos 150/300\n', ' 55% catalog: parts\n']);
  });
});
