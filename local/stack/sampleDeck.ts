/**
 * The sample tenants' pitch decks (docs/PRODUCT.md, Downloads, the gallery and the pitch deck):
 * a five-slide PDF in the tenant's colours and name, made with pdf-lib when the local stack seeds
 * (nothing is downloaded), stored in the tenant's library as a public document tagged
 * `pitch-deck`, and handed to the media pipeline for its page images. Idempotent: a tenant that
 * already has a pitch deck (in any state) gets nothing new; one still waiting for processing is
 * handed to the queue again.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Language, Tenant } from '#app/lib/config/tenant';
import { resolveColor, type Theme } from '#app/lib/config/theme';
import type { MediaItem, MediaJob } from '#app/lib/media/model';
import { PITCH_DECK_TAG } from '#app/lib/media/sharing';
import type { Registry } from '#server/config/registry.server';
import { tenantData, type DataStores } from '#server/data/tenantData.server';

/** 16:9 in PDF points. */
const WIDTH = 960;
const HEIGHT = 540;

interface DeckText {
  kicker: string;
  slides: Array<{ title: string; points: string[] }>;
  contact: string;
  title: string;
}

const TEXT: Record<Language, DeckText> = {
  en: {
    kicker: 'Pitch deck',
    title: 'pitch deck',
    slides: [
      { title: 'The problem', points: ['Live events are scattered across tools', 'Brands lose their audience to other sites', 'Recording, chat and tickets never meet'] },
      { title: 'Our answer', points: ['One branded home for every live event', 'HD video rooms, chat and Q&A', 'Media, recordings and downloads in one library'] },
      { title: 'Traction', points: ['Events every week', 'Audiences in three languages', 'Organizers who come back'] },
    ],
    contact: 'Thank you',
  },
  es: {
    kicker: 'Presentación',
    title: 'presentación',
    slides: [
      { title: 'El problema', points: ['Los eventos en directo están repartidos en muchas herramientas', 'Las marcas pierden a su público en otros sitios', 'Grabaciones, chat y entradas nunca se encuentran'] },
      { title: 'Nuestra respuesta', points: ['Un hogar con tu marca para cada evento en directo', 'Salas de vídeo HD, chat y preguntas', 'Medios, grabaciones y descargas en una biblioteca'] },
      { title: 'Tracción', points: ['Eventos cada semana', 'Público en tres idiomas', 'Organizadores que vuelven'] },
    ],
    contact: 'Gracias',
  },
  fr: {
    kicker: 'Présentation',
    title: 'présentation',
    slides: [
      { title: 'Le problème', points: ['Les événements en direct sont éparpillés entre les outils', 'Les marques perdent leur public sur d’autres sites', 'Enregistrements, chat et billets ne se rencontrent jamais'] },
      { title: 'Notre réponse', points: ['Un lieu à votre marque pour chaque événement en direct', 'Salles vidéo HD, chat et questions', 'Médias, enregistrements et téléchargements dans une bibliothèque'] },
      { title: 'Traction', points: ['Des événements chaque semaine', 'Un public en trois langues', 'Des organisateurs qui reviennent'] },
    ],
    contact: 'Merci',
  },
};

const hex = (value: string) => {
  const n = Number.parseInt(value.replace('#', '').slice(0, 6), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

export interface DeckColours {
  /** Slide backgrounds of the title and closing slides, and headings. */
  brand: string;
  /** Text on `brand`. */
  onBrand: string;
  /** The band on content slides. */
  accent: string;
  text: string;
}

export function deckColours(theme: Pick<Theme, 'colors' | 'light'>): DeckColours {
  return {
    brand: resolveColor(theme, theme.light.brandSolid),
    onBrand: resolveColor(theme, theme.light.brandContrast),
    accent: resolveColor(theme, theme.light.accentSolid),
    text: resolveColor(theme, theme.light.fg),
  };
}

function centred(page: PDFPage, text: string, font: PDFFont, size: number, y: number, colour: string) {
  page.drawText(text, { x: (WIDTH - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color: hex(colour) });
}

/** The deck as PDF bytes: a title slide, three content slides and a closing slide, numbered. */
export async function sampleDeckPdf(name: string, language: Language, colours: DeckColours): Promise<Uint8Array> {
  const text = TEXT[language] ?? TEXT.en;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${name} — ${text.kicker}`);
  pdf.setAuthor(name);
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const total = text.slides.length + 2;
  const number = (page: PDFPage, n: number, colour: string) => page.drawText(`${n} / ${total}`, { x: WIDTH - 90, y: 28, size: 14, font: regular, color: hex(colour) });

  const cover = pdf.addPage([WIDTH, HEIGHT]);
  cover.drawRectangle({ x: 0, y: 0, width: WIDTH, height: HEIGHT, color: hex(colours.brand) });
  cover.drawRectangle({ x: 0, y: 0, width: WIDTH, height: 16, color: hex(colours.accent) });
  centred(cover, name, bold, 64, 290, colours.onBrand);
  centred(cover, text.kicker, regular, 30, 230, colours.onBrand);
  number(cover, 1, colours.onBrand);

  text.slides.forEach((slide, i) => {
    const page = pdf.addPage([WIDTH, HEIGHT]);
    page.drawRectangle({ x: 0, y: HEIGHT - 110, width: WIDTH, height: 110, color: hex(colours.accent) });
    page.drawText(slide.title, { x: 60, y: HEIGHT - 75, size: 40, font: bold, color: rgb(1, 1, 1) });
    slide.points.forEach((point, j) => {
      page.drawCircle({ x: 72, y: HEIGHT - 190 - j * 80 + 8, size: 7, color: hex(colours.brand) });
      page.drawText(point, { x: 95, y: HEIGHT - 190 - j * 80, size: 26, font: regular, color: hex(colours.text), maxWidth: WIDTH - 150, lineHeight: 30 });
    });
    page.drawText(name, { x: 60, y: 28, size: 14, font: bold, color: hex(colours.brand) });
    number(page, i + 2, colours.text);
  });

  const closing = pdf.addPage([WIDTH, HEIGHT]);
  closing.drawRectangle({ x: 0, y: 0, width: WIDTH, height: HEIGHT, color: hex(colours.brand) });
  centred(closing, text.contact, bold, 60, 260, colours.onBrand);
  centred(closing, name, regular, 26, 205, colours.onBrand);
  number(closing, total, colours.onBrand);
  return pdf.save();
}

/** The tenant's newest pitch deck in any state, or null. */
async function existingPitchDeck(media: ReturnType<typeof tenantData>['media']): Promise<MediaItem | null> {
  let startKey = null;
  do {
    const page = await media.list({ kind: 'document', limit: 100, startKey });
    const deck = page.items.find((item) => item.tags.includes(PITCH_DECK_TAG));
    if (deck) return deck;
    startKey = page.next;
  } while (startKey);
  return null;
}

/** Stores one tenant's sample deck (unless it has a deck) and hands it to the pipeline; returns the new item's id, or null. */
export async function seedSampleDeck(stores: Required<Pick<DataStores, 'db' | 'storage'>>, tenant: Tenant, theme: Theme, enqueue?: (job: MediaJob) => Promise<void>): Promise<string | null> {
  const data = tenantData(stores, tenant.id);
  const existing = await existingPitchDeck(data.media);
  if (existing) {
    // A deck seeded while no queue ran still waits: hand it over now (the queue adds one job per item).
    if (existing.status === 'processing' && enqueue) await enqueue({ tenantId: tenant.id, scope: 'tenant', mediaId: existing.id, kind: 'document' });
    return null;
  }
  const language = tenant.languages.default ?? tenant.languages.supported[0] ?? 'en';
  const bytes = await sampleDeckPdf(tenant.displayName, language, deckColours(theme));
  const fileName = `${tenant.id}-${(TEXT[language] ?? TEXT.en).title.normalize('NFKD').replace(/[^a-z]/gi, '')}.pdf`;
  const item = await data.media.create({
    kind: 'document',
    ownerId: 'sample-seed',
    ownerName: tenant.displayName,
    title: `${tenant.displayName} — ${(TEXT[language] ?? TEXT.en).kicker}`,
    tags: [PITCH_DECK_TAG],
    visibility: 'public',
    original: { fileName, contentType: 'application/pdf', bytes: bytes.length, extension: 'pdf' },
  });
  await data.files.put({ key: item.original.key, body: bytes, contentType: 'application/pdf' });
  await data.media.setStatus(item.id, { status: 'processing', progress: 0 }, 'uploading');
  if (enqueue) await enqueue({ tenantId: tenant.id, scope: 'tenant', mediaId: item.id, kind: 'document' });
  return item.id;
}

/**
 * Every sample tenant's deck. `enqueue` is the media queue's when the stack runs one: without it
 * the decks wait in processing until a worker is given them.
 */
export async function seedSampleDecks(stores: Required<Pick<DataStores, 'db' | 'storage'>>, registry: Registry, enqueue?: (job: MediaJob) => Promise<void>): Promise<string[]> {
  const created: string[] = [];
  for (const tenant of registry.tenants.values()) {
    const theme = registry.themes.get(tenant.themeId);
    if (!theme) continue;
    const id = await seedSampleDeck(stores, tenant, theme, enqueue);
    if (id) created.push(`${tenant.id}/${id}`);
  }
  return created;
}
