import type { TranslationShape } from '~/lib/i18n';
import en from './en';

// Placeholder filled by the translation pass; keeps the build type-correct meanwhile.
const es: TranslationShape = en;
export default es;
