/**
 * How deeply a parsed JSON value nests. V8's JSON.parse is iterative and accepts any depth, but
 * JSON.stringify (forwarding a body upstream) and most consumers recurse: a 64 KB body of
 * brackets is ~32,000 levels, enough to overflow the stack. Cognito's requests nest a few levels
 * (ContextData.HttpHeaders[i] is the deepest, at 4), so anything deeper is refused before use.
 */

/** Whether `value` nests more than `levels` objects/arrays deep (the value itself is level 1). Never recurses. */
export function nestedDeeperThan(value: unknown, levels: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (!current || typeof current !== 'object') continue;
    if (depth > levels) return true;
    for (const child of Object.values(current)) if (child && typeof child === 'object') pending.push([child, depth + 1]);
  }
  return false;
}
