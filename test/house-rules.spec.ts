import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house rules of ARCHITECTURE.md that a reader would otherwise have to remember, held as checks:
 * file length, SQL only where a measurement justifies it, one door to the database, one job queue.
 */
const root = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !/\.(spec|test|e2e)\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

const files = sourceFiles(path.join(root, 'src')).map((file) => ({
  file: path.relative(root, file),
  text: readFileSync(file, 'utf8'),
}));

/** SQL written as text: a string or template that starts a statement. */
const SQL_TEXT = /[`'"]\s*(select\s[\s\S]{0,400}?\sfrom\s|insert\s+into\s|update\s+\w+\s+set\s|delete\s+from\s|with\s+\w+\s+as\s*\()/i;

/** Where SQL text may live: the modules' repositories and `*.sql.ts` files, demo data, and the database layer. */
const SQL_HOMES = [/\.repository\.ts$/, /\.sql\.ts$/, /\.demo(-data)?\.ts$/, /^src\/platform\/db\//, /^src\/platform\/jobs\.ts$/];

describe('house rules', () => {
  it('keeps every source file at 450 lines or fewer', () => {
    const long = files.map(({ file, text }) => ({ file, lines: text.split('\n').length })).filter((f) => f.lines > 450);
    expect(long).toEqual([]);
  });

  it('keeps SQL text in repositories, *.sql.ts files, demo data and the database layer, never in services or routes', () => {
    const offenders = files.filter(({ file, text }) => !SQL_HOMES.some((home) => home.test(file)) && SQL_TEXT.test(text)).map((f) => f.file);
    expect(offenders).toEqual([]);
  });

  it('reaches PostgreSQL only through the database layer: no pg pools, no forked entity managers in modules', () => {
    const offenders = files
      .filter(({ file }) => file.startsWith('src/modules/'))
      .filter(({ text }) => /from 'pg'|\.fork\(|TOKENS\.Orm|new pg\./.test(text))
      .map((f) => f.file);
    expect(offenders).toEqual([]);
  });

  it('writes graphile-worker SQL only in the job queue (the runner and metrics read its public jobs view)', () => {
    const offenders = files
      .filter(({ file }) => !['src/platform/jobs.ts'].includes(file))
      .filter(({ text }) => /graphile_worker\.(add_job|add_jobs|remove_job|complete_jobs|permanently_fail_jobs|reschedule_jobs|_private)/.test(text))
      .map((f) => f.file);
    expect(offenders).toEqual([]);
  });
});
