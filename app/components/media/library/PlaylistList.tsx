/** The caller's playlists (each opens in the editor) and the form that names a new one. */
import { Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAYLIST_TITLE_MAX } from '#app/lib/media/playlist';
import { CharCounter, useCharCount } from '#app/components/forms/CharCounter';
import { controlId, describeControl, errorId } from '#app/components/forms/Fields';
import { useLibraryApi } from './useLibraryApi';

interface Props {
  playlists: { id: string; title: string; count: number }[];
  openId: string | null;
}

export function PlaylistList({ playlists, openId }: Props) {
  const { t } = useTranslation();
  const api = useLibraryApi('playlists');
  const navigate = useNavigate();
  const result = api.result;
  const createdId = result?.ok && api.sent?.intent === 'create' ? result.id : undefined;
  useEffect(() => {
    if (createdId) navigate(`/audioPlaylistUpload?playlist=${createdId}`);
  }, [createdId, navigate]);
  const titleError = result && !result.ok ? result.fieldErrors?.title : undefined;
  const title = useCharCount();

  return (
    <Stack as="section" gap="4" w={{ base: '100%', lg: '20rem' }} flexShrink={0} aria-labelledby="playlists-yours">
      <Heading as="h2" size="lg" id="playlists-yours">
        {t('library.playlists.yours')}
      </Heading>
      {playlists.length === 0 ? (
        <Text color="fg.muted" data-testid="playlists-empty">
          {t('library.playlists.none')}
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="1" data-testid="playlists-list">
          {playlists.map((p) => (
            <li key={p.id}>
              <Button asChild variant={p.id === openId ? 'subtle' : 'ghost'} w="100%" justifyContent="space-between">
                <Link to={`/audioPlaylistUpload?playlist=${p.id}`} aria-current={p.id === openId ? 'page' : undefined} data-testid="playlists-open">
                  <Text as="span" truncate>
                    {p.title}
                  </Text>
                  <Text as="span" color="fg.muted" fontSize="sm">
                    {p.count}
                  </Text>
                </Link>
              </Button>
            </li>
          ))}
        </Stack>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          api.send({ intent: 'create', title: String(new FormData(e.currentTarget).get('title') ?? '') });
        }}
      >
        <Stack gap="2">
          <Field.Root invalid={Boolean(titleError)} required ids={{ control: controlId('playlists-new', 'title'), errorText: errorId('playlists-new', 'title') }}>
            <Field.Label>{t('library.playlists.newTitle')}</Field.Label>
            <Input name="title" onInput={title.onInput} data-testid="playlists-new-title" {...describeControl({ form: 'playlists-new', name: 'title', invalid: Boolean(titleError), counted: true })} />
            <CharCounter form="playlists-new" name="title" count={title.count} max={PLAYLIST_TITLE_MAX} />
            {titleError ? <Field.ErrorText data-testid="playlists-new-error">{t(titleError, { max: PLAYLIST_TITLE_MAX })}</Field.ErrorText> : null}
          </Field.Root>
          <HStack>
            <Button type="submit" colorPalette="brand" loading={api.busy} data-testid="playlists-create">
              {t('library.playlists.create')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
