/**
 * Edit one item's title, description, tags, visibility and language, with the item's preview on
 * top so it is clear which one is being edited. Every field error comes back
 * at once, in a focused summary and beside its field; the title and description are counted against
 * their limits (never cut off) and what was typed stays.
 */
import { Alert, Box, Button, Dialog, Field, Input, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryCard } from '#app/lib/media/library';
import { MEDIA_EDIT_LIMITS, MEDIA_VISIBILITIES } from '#app/lib/media/model';
import { CharCounter, useCharCount } from '#app/components/forms/CharCounter';
import { ErrorSummary } from '#app/components/forms/ErrorSummary';
import { controlId, describeControl, errorId, helpId } from '#app/components/forms/Fields';
import { MEDIA_LANGUAGES, languageName } from '#app/lib/media/languages';
import { Preview } from './LibraryItem';
import { useLibraryApi } from './useLibraryApi';

interface Props {
  card: LibraryCard | null;
  onClose: (saved: boolean) => void;
}

export function EditDialog({ card, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const api = useLibraryApi('items');
  const result = api.result;
  const errors = result && !result.ok ? result.fieldErrors ?? {} : {};
  const saved = Boolean(result?.ok && api.sent?.id === card?.id);
  const title = useCharCount(card?.title ?? '');
  const description = useCharCount(card?.description ?? '');

  useEffect(() => {
    if (saved) onClose(true);
  }, [saved, onClose]);

  if (!card) return null;
  // Ids from the item's id (letters and digits), so the summary's links reach the fields.
  const formId = `library-edit-${card.id}`;
  const err = (name: keyof typeof errors) =>
    errors[name] ? t(errors[name], { ...MEDIA_EDIT_LIMITS, max: name === 'title' ? MEDIA_EDIT_LIMITS.titleMax : MEDIA_EDIT_LIMITS.descriptionMax }) : undefined;
  const labels: Record<string, string> = {
    title: t('library.edit.fieldTitle'),
    description: t('library.edit.fieldDescription'),
    tags: t('library.edit.fieldTags'),
    visibility: t('library.edit.fieldVisibility'),
    language: t('library.edit.fieldLanguage'),
  };
  const summary = Object.keys(labels).flatMap((name): Array<[string, string]> => (errors[name as keyof typeof errors] ? [[name, err(name as keyof typeof errors)!]] : []));
  const ids = (name: string) => ({ control: controlId(formId, name), errorText: errorId(formId, name), helperText: helpId(formId, name) });
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
              {/* Which item is being edited: its picture (or its kind and length), its file and size. */}
              <Stack direction="row" gap="3" align="center" mb="4" data-testid="library-edit-preview">
                <Box w={{ base: '7rem', sm: '9rem' }} flexShrink={0}>
                  <Preview card={card} size="100%" />
                </Box>
                <Stack gap="0.5" minW="0" fontSize="sm">
                  <Text fontWeight="medium">{t('library.edit.preview')}</Text>
                  <Text color="fg.muted" truncate>
                    {card.fileName}
                  </Text>
                  <Text color="fg.muted">{t(`library.kinds.${card.kind}`)}</Text>
                </Stack>
              </Stack>
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
                  {result && !result.ok && summary.length ? (
                    // The answer is a new object on every failed save, so the focus moves each time.
                    <ErrorSummary form={formId} message={t('library.edit.failed')} errors={summary} labels={labels} focusKey={result} />
                  ) : null}
                  {result && !result.ok && !summary.length ? (
                    <Alert.Root status="error" role="alert" data-testid="library-edit-alert">
                      <Alert.Indicator />
                      <Alert.Title>{result.error === 'invalid' ? t('library.edit.failed') : result.message}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                  <Field.Root invalid={Boolean(errors.title)} required ids={ids('title')}>
                    <Field.Label>{t('library.edit.fieldTitle')}</Field.Label>
                    <Input
                      name="title"
                      defaultValue={card.title}
                      onInput={title.onInput}
                      data-testid="library-edit-title"
                      {...describeControl({ form: formId, name: 'title', invalid: Boolean(errors.title), counted: true })}
                    />
                    <CharCounter form={formId} name="title" count={title.count} max={MEDIA_EDIT_LIMITS.titleMax} />
                    {errors.title ? <Field.ErrorText data-testid="library-edit-title-error">{err('title')}</Field.ErrorText> : null}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.description)} ids={ids('description')}>
                    <Field.Label>{t('library.edit.fieldDescription')}</Field.Label>
                    <Textarea
                      name="description"
                      defaultValue={card.description}
                      rows={3}
                      onInput={description.onInput}
                      data-testid="library-edit-description"
                      {...describeControl({ form: formId, name: 'description', invalid: Boolean(errors.description), counted: true })}
                    />
                    <CharCounter form={formId} name="description" count={description.count} max={MEDIA_EDIT_LIMITS.descriptionMax} />
                    {errors.description ? <Field.ErrorText data-testid="library-edit-description-error">{err('description')}</Field.ErrorText> : null}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.tags)} ids={ids('tags')}>
                    <Field.Label>{t('library.edit.fieldTags')}</Field.Label>
                    <Input name="tags" defaultValue={card.tags.join(', ')} data-testid="library-edit-tags" />
                    <Field.HelperText>{t('library.edit.tagsHelp')}</Field.HelperText>
                    {errors.tags ? <Field.ErrorText data-testid="library-edit-tags-error">{err('tags')}</Field.ErrorText> : null}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.visibility)} ids={ids('visibility')}>
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
                  <Field.Root invalid={Boolean(errors.language)} ids={ids('language')}>
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
