/**
 * The libraries' search and filters: a GET form, so the URL carries the query and it works
 * without JavaScript; with it, the address leaves out empty fields. A new search starts at page one.
 */
import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Form, Link, useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { catalogHref, type CatalogOption, type CatalogQuery } from '#app/lib/ondemand/catalog';

interface Props {
  path: string;
  query: CatalogQuery;
  organizers: CatalogOption[];
  languages: CatalogOption[];
}

function Choice({ name, label, any, options, value }: { name: string; label: string; any: string; options: CatalogOption[]; value: string | undefined }) {
  return (
    <Field.Root flex={{ base: '1 1 100%', md: '1 1 200px' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} defaultValue={value ?? ''} data-testid={`catalog-${name}`}>
          <option value="">{any}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export function CatalogFilters({ path, query, organizers, languages }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filtered = Boolean(query.q || query.organizer || query.language);
  return (
    <Form
      method="get"
      action={path}
      role="search"
      aria-label={t('ondemand.filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const field = (name: string) => String(form.get(name) ?? '').trim() || undefined;
        navigate(catalogHref(path, { q: field('q'), organizer: field('organizer'), language: field('language') }));
      }}
    >
      <Stack gap="3">
        <HStack gap="3" flexWrap="wrap" alignItems="end">
          <Field.Root flex={{ base: '1 1 100%', md: '2 1 280px' }}>
            <Field.Label>{t('ondemand.filters.search')}</Field.Label>
            <Input type="search" name="q" defaultValue={query.q ?? ''} maxLength={100} placeholder={t('ondemand.filters.searchPlaceholder')} data-testid="catalog-q" />
          </Field.Root>
          <Choice name="organizer" label={t('ondemand.filters.organizer')} any={t('ondemand.filters.anyOrganizer')} options={organizers} value={query.organizer} />
          <Choice name="language" label={t('ondemand.filters.language')} any={t('ondemand.filters.anyLanguage')} options={languages} value={query.language} />
          <HStack gap="2">
            <Button type="submit" colorPalette="brand" data-testid="catalog-apply">
              {t('ondemand.filters.apply')}
            </Button>
            {filtered ? (
              <Button asChild variant="ghost">
                <Link to={path}>{t('ondemand.filters.clear')}</Link>
              </Button>
            ) : null}
          </HStack>
        </HStack>
        {/* Where the channel filter goes once channels exist (the shop issue). */}
        <Text fontSize="sm" color="fg.muted">
          {t('ondemand.filters.channelsLater')}
        </Text>
      </Stack>
    </Form>
  );
}
