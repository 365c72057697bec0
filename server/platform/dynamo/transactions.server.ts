/**
 * Reading a refused TransactWrite. DynamoDB cancels a transaction either because a condition
 * failed (a real "no": the seat, slot or stock is gone) or because another transaction touched
 * the same items at the same moment (a "try again"). Treating the second as the first makes two
 * racing buyers both lose; these helpers keep them apart.
 */

const CONFLICT = 'TransactionConflict';

/** Which items of a cancelled transaction failed their condition (indexes into TransactItems); a conflict is thrown for the retry loop. */
export function failedConditions(error: unknown): number[] {
  const name = (error as Error)?.name;
  if (name === 'TransactionConflictException') throw Object.assign(new Error('transaction conflict'), { name: CONFLICT });
  if (name !== 'TransactionCanceledException') throw error;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  const failed = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
  if (!failed.length) throw Object.assign(new Error('transaction conflict'), { name: CONFLICT });
  return failed;
}

/** Runs `run` again (with a short random back-off) while it ends in a transaction conflict. */
export async function withConflictRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      const name = (e as Error)?.name;
      if ((name !== CONFLICT && name !== 'TransactionConflictException') || attempt >= 20) throw e;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
}

/** Sends a transaction, retrying conflicts: [] when it was written, else the items whose condition failed. */
export function transactOrRefused(send: () => Promise<unknown>): Promise<number[]> {
  return withConflictRetry(async () => {
    try {
      await send();
      return [];
    } catch (e) {
      return failedConditions(e);
    }
  });
}
