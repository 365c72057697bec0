import type { TranslationShape } from '~/lib/i18n';
import type en from '../en/lobby';

const lobby: TranslationShape<typeof en> = {
  title: 'Preparándote',
};

export default lobby;
