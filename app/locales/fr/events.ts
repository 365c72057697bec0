import type { TranslationShape } from '~/lib/i18n';
import type en from '../en/events';

const events: TranslationShape<typeof en> = {
  status: {
    scheduled: 'Programmé',
    open: 'Salle ouverte',
    live: 'En direct',
    ended: 'Terminé',
    expired: 'Clos',
    cancelled: 'Annulé',
  },
};

export default events;
