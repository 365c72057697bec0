import { useTranslation } from 'react-i18next';
import { CopyField } from '#app/components/forms/CopyField';

/** The event's short link with a copy button. */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const messages = { copy: t('events.preview.copy'), copied: t('events.preview.copied'), copyFailed: t('events.preview.copyFailed') };
  return <CopyField label={label} value={url} testId="short-link" messages={messages} />;
}
