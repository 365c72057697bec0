/** Edit one item's title, description, tags, visibility and language; field errors show beside their fields and what was typed stays. */
import { Alert, Button, Dialog, Field, Input, NativeSelect, Portal, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryCard } from '#app/lib/media/library';
import { MEDIA_VISIBILITIES } from '#app/lib/media/model';
import { MEDIA_LANGUAGES, languageName } from '#app/lib/media/languages';
import { useLibraryApi } from './useLibraryApi';

interface Props {
  card: LibraryCard | null;
  onClose: (saved: boolean) => void;
}

export function EditDialog({ card, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const api = useLibraryApi('items');
  const formId = useId();
  const result = api.result;
  const errors = result && !result.ok ? result.fieldErrors ?? {} : {};
  const saved = Boolean(result?.ok && api.sent?.id === card?.id);

  useEffect(() => {
    if (saved) onClose(true);
  }, [saved, onClose]);

  if (!card) return null;
  const err = (name: keyof typeof errors) => (errors[name] ? t(errors[name]) : undefined);
  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? null : onClose(false))} placement="center" size={{ base: 'full', md: 'lg' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="library-edit">
            <Dialog.Header>
              <Dialog.Title>{t('library.edit.title', { title: card.title })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id={formId}
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  const form = new FormData(e.currentTarget);
                  api.send({
                    intent: 'edit',
                    id: card.id,
                    title: String(form.get('title') ?? ''),
                    description: String(form.get('description') ?? ''),
                    tags: String(form.get('tags') ?? ''),
                    visibility: String(form.get('visibility') ?? ''),
                    language: String(form.get('language') ?? ''),
                  });
                }}
              >
                <Stack gap="4">
                  {result && !result.ok ? (
                    <Alert.Root status="error" role="alert" data-testid="library-edit-alert">
                      <Alert.Indicator />
                      <Alert.Title>{result.error === 'invalid' ? t('library.edit.failed') : result.message}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                  <Field.Root invalid={Boolean(errors.title)} required>
                    <Field.Label>{t('library.edit.fieldTitle')}</Field.Label>
                    <Input name="title" defaultValue={card.title} maxLength={300} data-testid="library-edit-title" />
                    {errors.title ? <Field.ErrorText data-testid="library-edit-title-error">{err('title')}</Field.ErrorText> : null}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.description)}>
                    <Field.Label>{t('library.edit.fieldDescription')}</Field.Label>
                    <Textarea name="description" defaultValue={card.description} rows={3} data-testid="library-edit-description" />
                    {errors.description ? <Field.ErrorText>{err('description')}</Field.ErrorText> : null}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.tags)}>
                    <Field.Label>{t('library.edit.fieldTags')}</Field.Label>
                    <Input name="tags" defaultValue={card.tags.join(', ')} data-testid="library-edit-tags" />
                    <Field.HelperText>{t('library.edit.tagsHelp')}</Field.HelperText>
                    {errors.tags ? <Field.ErrorText>{err('tags')}</Field.ErrorText> : null}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.visibility)}>
                    <Field.Label>{t('library.edit.fieldVisibility')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field name="visibility" defaultValue={card.visibility} data-testid="library-edit-visibility">
                        {MEDIA_VISIBILITIES.map((v) => (
                          <option key={v} value={v}>
                            {t(`library.visibility.${v}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {errors.visibility ? <Field.ErrorText>{err('visibility')}</Field.ErrorText> : null}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.language)}>
                    <Field.Label>{t('library.edit.fieldLanguage')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field name="language" defaultValue={card.language ?? ''} data-testid="library-edit-language">
                        <option value="">{t('library.edit.languageNone')}</option>
                        {[...new Set([...MEDIA_LANGUAGES, ...(card.language ? [card.language] : [])])].map((tag) => (
                          <option key={tag} value={tag}>
                            {languageName(tag, i18n.language)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {errors.language ? <Field.ErrorText>{err('language')}</Field.ErrorText> : null}
                  </Field.Root>
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer gap="2" flexWrap="wrap">
              <Button variant="outline" onClick={() => onClose(false)}>
                {t('library.edit.cancel')}
              </Button>
              <Button type="submit" form={formId} colorPalette="brand" loading={api.busy} loadingText={t('library.edit.saving')} data-testid="library-edit-save">
                {t('library.edit.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
