/**
 * Each sample tenant's shop (issue 15): one channel owned by the tenant's demo organizer (so
 * whoever tries the platform can sign in and manage it, see its sales and set up consultations),
 * in the tenant's currency and default language, with two products that deliver the tenant's
 * sample pitch deck as a download (one with limited stock). Idempotent: a tenant that has the
 * channel gets nothing new.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Registry } from '#server/config/registry.server';
import { tenantData, type DataStores } from '#server/data/tenantData.server';
import { productInputSchema } from '#app/lib/shop/model';
import type { DemoAccount } from './cognito';

/** Owner when a tenant has no demo organizer (and of channels seeded before they had one). */
const SEED_OWNER = 'sample-seed';

export type SampleOwners = Record<string, { userId: string; name: string }>;

const TEXT = {
  en: { about: 'Talks, workshops and recordings from the {{name}} team. Follow us at https://example.com.', deck: 'Pitch deck (PDF)', deckText: 'Our story in twelve slides, yours to download.', kit: 'Workshop kit', kitText: 'The slides of our workshop, with a limited number of seats’ worth of kits.', website: 'Website' },
  es: { about: 'Charlas, talleres y grabaciones del equipo de {{name}}. Síguenos en https://example.com.', deck: 'Presentación (PDF)', deckText: 'Nuestra historia en doce diapositivas, para descargar.', kit: 'Kit del taller', kitText: 'Las diapositivas de nuestro taller, con unidades limitadas.', website: 'Sitio web' },
  fr: { about: 'Conférences, ateliers et enregistrements de l’équipe {{name}}. Suivez-nous sur https://example.com.', deck: 'Présentation (PDF)', deckText: 'Notre histoire en douze diapositives, à télécharger.', kit: 'Kit d’atelier', kitText: 'Les diapositives de notre atelier, en quantité limitée.', website: 'Site web' },
} as const;

/** Each tenant's demo organizer from the local identity's demo-accounts file (none when it is missing). */
export function demoOrganizers(file: string | undefined): SampleOwners {
  if (!file || !existsSync(file)) return {};
  const accounts = JSON.parse(readFileSync(file, 'utf8')) as DemoAccount[];
  return Object.fromEntries(accounts.filter((a) => a.role === 'organizer' && a.sub).map((a) => [a.tenant, { userId: a.sub!, name: 'Demo organizer' }]));
}

/** Prices in minor units per currency: a familiar amount in each. */
const PRICES: Record<string, [number, number]> = { USD: [900, 1900], EUR: [800, 1500], MXN: [14900, 34900] };

export async function seedSampleShops(stores: DataStores, registry: Registry, owners: SampleOwners = {}): Promise<string[]> {
  const created: string[] = [];
  for (const tenant of registry.tenants.values()) {
    if (!tenant.features.shop) continue;
    const data = tenantData(stores, tenant.id);
    const owner = owners[tenant.id] ?? { userId: SEED_OWNER, name: tenant.displayName };
    if ((await data.channels.byOwner(owner.userId)).length > 0 || (await data.channels.byOwner(SEED_OWNER)).length > 0) continue;
    const language = (tenant.languages.default ?? tenant.languages.supported[0]) as keyof typeof TEXT;
    const text = TEXT[language] ?? TEXT.en;
    const channel = await data.channels.create(
      { userId: owner.userId, name: owner.name },
      { name: tenant.displayName, about: text.about.replace('{{name}}', tenant.displayName), introVideoId: null, links: [{ label: text.website, url: 'https://example.com' }] },
      tenant.currency,
    );
    const deck = (await data.media.list({ ownerId: SEED_OWNER, kind: 'document', limit: 5 })).items[0];
    const [deckPrice, kitPrice] = PRICES[tenant.currency] ?? [900, 1900];
    const product = (title: string, description: string, price: number, stock: number | null) =>
      productInputSchema.parse({ channelId: channel.channelId, title, description, price, stock, delivers: 'download', mediaIds: deck ? [deck.id] : [], published: !!deck });
    if (deck) {
      await data.products.create({ userId: owner.userId }, product(text.deck, text.deckText, deckPrice, null), tenant.currency);
      await data.products.create({ userId: owner.userId }, product(text.kit, text.kitText, kitPrice, 25), tenant.currency);
    }
    created.push(`${tenant.id}/${channel.channelId}`);
  }
  return created;
}
