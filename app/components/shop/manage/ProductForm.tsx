/** Create or edit a product: price typed in major units of the tenant's currency, media of the owner's library, stock, what it delivers. */
import { Button, Field, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyIn } from '#app/lib/i18n/keys';
import { majorText, type ChannelsTabData, type ManagedProduct, type MediaChoice } from '#app/lib/shop/manage';
import { PRODUCT_DELIVERIES, SHOP_TEXT_LIMITS, type ProductDelivery } from '#app/lib/shop/model';
import { CharCounter } from '#app/components/forms/CharCounter';
import { charCount } from '#app/lib/forms/text';
import { postJson } from './postJson';

type Errors = Record<string, KeyIn<'shop.errors'>>;
type MediaField = 'images' | 'videos' | 'audios' | 'mediaIds';

function MediaPicker({ field, label, choices, chosen, onChange, error }: { field: MediaField; label: string; choices: MediaChoice[]; chosen: string[]; onChange: (ids: string[]) => void; error?: string }) {
  if (choices.length === 0) return null;
  return (
    <Stack as="fieldset" gap="1" data-testid={`product-${field}`}>
      <Text as="legend" fontWeight="medium">
        {label}
      </Text>
      {choices.map((choice) => (
        <label key={choice.id} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
          <input type="checkbox" checked={chosen.includes(choice.id)} onChange={(e) => onChange(e.target.checked ? [...chosen, choice.id] : chosen.filter((id) => id !== choice.id))} />
          {choice.title}
        </label>
      ))}
      {error ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

export function ProductForm({ channelId, product, data, onDone }: { channelId: string; product: ManagedProduct | null; data: ChannelsTabData; onDone: () => void }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [title, setTitle] = useState(product?.title ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [price, setPrice] = useState(product ? majorText(product.price, data.currency) : '');
  const [stock, setStock] = useState(product?.stock === null || !product ? '' : String(product.stock));
  const [delivers, setDelivers] = useState<ProductDelivery>(product?.delivers ?? 'download');
  const [eventId, setEventId] = useState(product?.eventId ?? '');
  const [media, setMedia] = useState<Record<MediaField, string[]>>({
    images: product?.images ?? [],
    videos: product?.videos ?? [],
    audios: product?.audios ?? [],
    mediaIds: product?.mediaIds ?? [],
  });
  const [published, setPublished] = useState(product?.published ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ofKind = (kind: MediaChoice['kind']) => data.media.filter((m) => m.kind === kind);

  const save = async () => {
    setBusy(true);
    setMessage(null);
    const fields = { channelId, title, description, price, stock, delivers, eventId: delivers === 'download' ? '' : eventId, ...media, mediaIds: delivers === 'download' ? media.mediaIds : [], published };
    const answer = await postJson('/api/products', product ? { intent: 'update', productId: product.productId, fields } : { intent: 'create', fields });
    setBusy(false);
    if (answer.ok) {
      revalidator.revalidate();
      onDone();
      return;
    }
    setErrors(answer.fieldErrors ?? {});
    setMessage(answer.fieldErrors ? t('shop.manage.fixFields') : answer.message);
  };
  const limits: Record<string, number> = { title: SHOP_TEXT_LIMITS.productTitle, description: SHOP_TEXT_LIMITS.productDescription };
  const error = (field: string) => (errors[field] ? t(errors[field], { max: limits[field] }) : undefined);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      data-testid="product-form"
    >
      <Stack gap="4" maxW="2xl">
        <Field.Root invalid={!!errors.title} required>
          <Field.Label>{t('shop.manage.title')}</Field.Label>
          <Input value={title} onChange={(e) => setTitle(e.target.value)} data-testid="product-title-input" />
          <CharCounter form="product" name="title" count={charCount(title)} max={SHOP_TEXT_LIMITS.productTitle} />
          {error('title') ? <Field.ErrorText>{error('title')}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={!!errors.description}>
          <Field.Label>{t('shop.manage.description')}</Field.Label>
          <Textarea value={description} rows={4} onChange={(e) => setDescription(e.target.value)} />
          <CharCounter form="product" name="description" count={charCount(description)} max={SHOP_TEXT_LIMITS.productDescription} />
          {error('description') ? <Field.ErrorText>{error('description')}</Field.ErrorText> : null}
        </Field.Root>
        <HStack gap="4" align="start" wrap="wrap">
          <Field.Root invalid={!!errors.price} required maxW="48">
            <Field.Label>{t('shop.manage.price', { currency: data.currency })}</Field.Label>
            <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} data-testid="product-price-input" />
            {error('price') ? <Field.ErrorText>{error('price')}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root invalid={!!errors.stock} maxW="48">
            <Field.Label>{t('shop.manage.stock')}</Field.Label>
            <Input inputMode="numeric" value={stock} onChange={(e) => setStock(e.target.value)} data-testid="product-stock-input" />
            <Field.HelperText>{t('shop.manage.stockHelp')}</Field.HelperText>
            {error('stock') ? <Field.ErrorText>{error('stock')}</Field.ErrorText> : null}
          </Field.Root>
        </HStack>
        <Field.Root>
          <Field.Label>{t('shop.manage.delivers')}</Field.Label>
          <NativeSelect.Root maxW="xs">
            <NativeSelect.Field value={delivers} onChange={(e) => setDelivers(e.target.value as ProductDelivery)} data-testid="product-delivers">
              {PRODUCT_DELIVERIES.map((d) => (
                <option key={d} value={d}>
                  {t(`shop.product.delivers.${d}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {delivers !== 'download' ? (
          <Field.Root invalid={!!errors.eventId}>
            <Field.Label>{t('shop.manage.event')}</Field.Label>
            <NativeSelect.Root maxW="md">
              <NativeSelect.Field value={eventId} onChange={(e) => setEventId(e.target.value)} data-testid="product-event">
                <option value="">{t('shop.manage.eventNone')}</option>
                {data.events.map((e) => (
                  <option key={e.eventId} value={e.eventId}>
                    {e.title}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {error('eventId') ? <Field.ErrorText>{error('eventId')}</Field.ErrorText> : null}
          </Field.Root>
        ) : (
          <MediaPicker field="mediaIds" label={t('shop.manage.downloads')} choices={data.media} chosen={media.mediaIds} onChange={(ids) => setMedia({ ...media, mediaIds: ids })} error={error('mediaIds')} />
        )}
        <MediaPicker field="images" label={t('shop.manage.images')} choices={ofKind('image')} chosen={media.images} onChange={(ids) => setMedia({ ...media, images: ids })} error={error('images')} />
        <MediaPicker field="videos" label={t('shop.manage.videos')} choices={ofKind('video')} chosen={media.videos} onChange={(ids) => setMedia({ ...media, videos: ids })} error={error('videos')} />
        <MediaPicker field="audios" label={t('shop.manage.audios')} choices={ofKind('audio')} chosen={media.audios} onChange={(ids) => setMedia({ ...media, audios: ids })} error={error('audios')} />
        <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
          <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} data-testid="product-published" />
          {t('shop.manage.published')}
        </label>
        {message ? (
          <Text color="fg.error" role="alert" data-testid="product-form-message">
            {message}
          </Text>
        ) : null}
        <HStack>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('shop.manage.saving')} data-testid="product-save">
            {t('shop.manage.save')}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {t('shop.manage.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
