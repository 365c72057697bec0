/**
 * Reading Prometheus text exposition in tests: which lines are not valid exposition lines, and the
 * value of one sample.
 */
const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\["\\\\n])*"`;
const VALUE = '(?:[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?|NaN|[-+]Inf)';
const SAMPLE = new RegExp(`^${NAME}(?:\\{(?:${LABEL}(?:,${LABEL})*,?)?\\})? ${VALUE}(?: -?\\d+)?$`);
const HELP = new RegExp(`^# HELP ${NAME} .*$`);
const TYPE = new RegExp(`^# TYPE ${NAME} (?:counter|gauge|histogram|summary|untyped)$`);

/** The lines that are not valid exposition lines (an empty list for a valid text). */
export function exposition(text: string): string[] {
  // The format ignores empty lines (prom-client puts one between families).
  return text.split('\n').filter((line) => !(line === '' || SAMPLE.test(line) || HELP.test(line) || TYPE.test(line)));
}

/** The value of the sample `name` with exactly these labels, or undefined. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([^{ ]+)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').match(/[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"/g) ?? [];
    if (have.sort().join(',') === wanted) return Number(match[3]);
  }
  return undefined;
}
