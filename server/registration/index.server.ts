/** The registration questions feature's public surface (docs/decisions/0083; docs/ARCHITECTURE.md, Features). */
export { recordAnswers, registrationAnswers, type AnswerCheck } from './answers.server';
export { registrationsCsv } from './export.server';
