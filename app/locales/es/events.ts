import type { TranslationShape } from '~/lib/i18n';
import type en from '../en/events';

const events: TranslationShape<typeof en> = {
  status: {
    scheduled: 'Programado',
    open: 'Sala abierta',
    live: 'En vivo',
    ended: 'Terminado',
    expired: 'Finalizado',
    cancelled: 'Cancelado',
  },
};

export default events;
