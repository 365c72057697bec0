import { describe, expect, it } from 'vitest';
import { transactOrRefused } from './transactions.server';

const cancelled = (...codes: string[]) => Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });

/** A send that fails with each given error in turn, then succeeds; counts its calls. */
function sender(...failures: Error[]) {
  let calls = 0;
  const send = async () => {
    const failure = failures[calls++];
    if (failure) throw failure;
  };
  return { send, calls: () => calls };
}

describe('transactOrRefused', () => {
  it('answers [] when the transaction is written', async () => {
    const { send, calls } = sender();
    expect(await transactOrRefused(send)).toEqual([]);
    expect(calls()).toBe(1);
  });

  it('answers the items whose condition failed, without retrying', async () => {
    const { send, calls } = sender(cancelled('None', 'ConditionalCheckFailed'));
    expect(await transactOrRefused(send)).toEqual([1]);
    expect(calls()).toBe(1);
  });

  it('retries a cancellation caused only by another transaction, and a conflict exception, until it is written', async () => {
    const { send, calls } = sender(cancelled('TransactionConflict', 'None'), Object.assign(new Error('conflict'), { name: 'TransactionConflictException' }));
    expect(await transactOrRefused(send)).toEqual([]);
    expect(calls()).toBe(3);
  });

  it('lets any other error through', async () => {
    const { send } = sender(Object.assign(new Error('down'), { name: 'ResourceNotFoundException' }));
    await expect(transactOrRefused(send)).rejects.toThrow('down');
  });
});
