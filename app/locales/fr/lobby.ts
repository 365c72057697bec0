import type { TranslationShape } from '~/lib/i18n';
import type en from '../en/lobby';

const lobby: TranslationShape<typeof en> = {
  title: 'Préparation',
};

export default lobby;
