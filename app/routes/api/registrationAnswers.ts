// The route module of /api/registration/answers: it only re-exports the server-only loader and action.
export { action, loader } from './registrationAnswers.server';
