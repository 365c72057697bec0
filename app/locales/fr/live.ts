import type { TranslationShape } from '~/lib/i18n';
import type en from '../en/live';

const live: TranslationShape<typeof en> = {
  lobbyTitle: 'Préparation',
};

export default live;
