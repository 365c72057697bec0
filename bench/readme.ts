/**
 * The README's table of benchmark figures, regenerated from bench/results/last.json
 * (`npm run bench -- --readme`): the text between the two marker comments is replaced, nothing
 * else. Per benchmark it shows the last figure of record, else the last run, said to be none.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECORD_LOAD_BELOW, type BenchResult } from './lib';
import { readResults, type ResultsFile } from './record';

export const README_START = '<!-- bench:figures:start (npm run bench -- --readme writes this table from bench/results/last.json) -->';
export const README_END = '<!-- bench:figures:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function row(name: string, saved: ResultsFile['results'][string] | undefined): string {
  if (!saved) return `| ${name} | | not measured yet | | | |`;
  const r: BenchResult = saved.lastRecord ?? saved.last;
  const when = `${r.at.slice(0, 10)}, ${r.cores} cores: ${r.record ? 'figure of record' : 'not a figure of record'}`;
  const load = `${r.loadBefore.toFixed(2)} / ${r.loadDuring.mean.toFixed(2)} / ${r.loadDuring.max.toFixed(2)}`;
  return `| ${cell(name)} | ${cell(r.target)} | ${cell(r.figure)} | ${r.met ? 'met' : '**missed**'} | ${load} | ${cell(when)} |`;
}

/** The generated section: the table of every benchmark named, in that order, then any others the file holds. */
export function readmeSection(results: ResultsFile, names: readonly string[]): string {
  const all = [...names, ...Object.keys(results.results).filter((n) => !names.includes(n)).sort()];
  return [
    README_START,
    '',
    `Generated from the last results (${results.updated.slice(0, 16).replace('T', ' ')} UTC). A run is a figure of record when the`,
    `1-minute load average was under ${RECORD_LOAD_BELOW} before it started; each benchmark shows its last figure of record, else its`,
    'last run, marked as not one. Load: before / mean during / max during the run (the benchmark\'s own processes count in "during").',
    '',
    '| benchmark | target | figure | met | load | measured |',
    '|---|---|---|---|---|---|',
    ...all.map((name) => row(name, results.results[name])),
    '',
    README_END,
  ].join('\n');
}

/** Replaces the README's section between the markers; throws when the markers are missing. */
export function rewriteReadme(readme: string, section: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md has no benchmark section: add the lines\n${README_START}\n${README_END}\nwhere the table belongs`);
  return `${readme.slice(0, start)}${section}${readme.slice(end + README_END.length)}`;
}

export function updateReadme(names: readonly string[], readmePath = join(process.cwd(), 'README.md')): void {
  const readme = readFileSync(readmePath, 'utf8');
  writeFileSync(readmePath, rewriteReadme(readme, readmeSection(readResults(), names)));
}
