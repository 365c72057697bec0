import type { TranslationShape } from '~/lib/i18n';
import type en from '../en/schedule';

const schedule: TranslationShape<typeof en> = {
  title: 'Programar un evento',
};

export default schedule;
