import type { DemoProgress } from '../platform/demo/demo.runner.js';

/** One line of a progress bar: `[██████░░░░░░]  50% catalog: part photos 150/300`, at most `columns` wide. */
export function progressBar(p: DemoProgress, columns = 80, width = 24): string {
  const filled = Math.round((Math.max(0, Math.min(100, p.percent)) / 100) * width);
  const counts = p.total > 1 ? ` ${p.done}/${p.total}` : '';
  const line = `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(p.percent).padStart(3)}% ${p.step}: ${p.label}${counts}`;
  return line.length > columns - 1 ? line.slice(0, columns - 1) : line;
}

/**
 * Reports a run's progress: a bar redrawn in place on a terminal, else a plain line each time the step changes
 * or another tenth of the run is done (logs and CI stay readable).
 */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr): { report: (p: DemoProgress) => void; end: () => void } {
  if (stream.isTTY) {
    let drawn = false;
    return {
      report: (p) => {
        stream.write(`\r${progressBar(p, stream.columns || 80)}\x1b[K`);
        drawn = true;
      },
      end: () => {
        if (drawn) stream.write('\n');
      },
    };
  }
  let lastKey = '';
  return {
    report: (p) => {
      const key = `${p.step}:${p.label}:${Math.floor(p.percent / 10)}`;
      if (key === lastKey || p.step === 'done') return;
      lastKey = key;
      stream.write(`${String(p.percent).padStart(3)}% ${p.step}: ${p.label}${p.total > 1 ? ` ${p.done}/${p.total}` : ''}\n`);
    },
    end: () => {},
  };
}
