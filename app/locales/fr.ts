import type { TranslationShape } from '~/lib/i18n';
import en from './en';

// Placeholder filled by the translation pass; keeps the build type-correct meanwhile.
const fr: TranslationShape = en;
export default fr;
