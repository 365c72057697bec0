/** The Q&A list's order: most upvotes first; among equal counts, the question asked first. */
export function orderQuestions<Q extends { msgId: string; votes: number }>(questions: readonly Q[]): Q[] {
  return [...questions].sort((a, b) => b.votes - a.votes || (a.msgId < b.msgId ? -1 : a.msgId > b.msgId ? 1 : 0));
}
