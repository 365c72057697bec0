import { PollStateError } from '#server/polls/data/polls.server';

/** The code a poll write was refused with (PollStateError), null when it went through, or the other error's text. */
export const refusal = async (p: Promise<unknown>): Promise<string | null> => {
  try {
    await p;
    return null;
  } catch (e) {
    return e instanceof PollStateError ? e.code : String(e);
  }
};
