import type { TranslationShape } from '~/lib/i18n';
import type en from '../en/chat';

const chat: TranslationShape<typeof en> = {
  title: 'Chat',
};

export default chat;
