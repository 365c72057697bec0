/**
 * A random mark for what a test names (titles, channels, about texts): six or more characters with at
 * least one digit and one letter, so it is unique and plainly no word of any interface language (the
 * English detector in language.spec.ts sets such tokens aside as people's own content).
 */
export function testMark(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const pick = (from: string) => from[Math.floor(Math.random() * from.length)]!;
  return `${pick(letters)}${Math.floor(Math.random() * 10)}${Math.random().toString(36).slice(2, 8)}`;
}
