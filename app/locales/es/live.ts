import type { TranslationShape } from '~/lib/i18n';
import type en from '../en/live';

const live: TranslationShape<typeof en> = {
  lobbyTitle: 'Preparándote',
};

export default live;
