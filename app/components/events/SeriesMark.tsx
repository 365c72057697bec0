import { Badge, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The small mark of an occurrence of a series: a symbol for the eye, its word for screen readers. */
export function SeriesMark({ withWord = false }: { withWord?: boolean }) {
  const { t } = useTranslation();
  return withWord ? (
    <Badge alignSelf="flex-start" colorPalette="brand" variant="subtle" data-testid="series-mark">
      <span aria-hidden="true">↻</span> {t('events.calendar.series')}
    </Badge>
  ) : (
    <span data-testid="series-mark" title={t('events.calendar.series')}>
      <span aria-hidden="true">↻ </span>
      <VisuallyHidden>{t('events.calendar.series')}</VisuallyHidden>
    </span>
  );
}
