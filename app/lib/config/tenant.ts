import { z } from 'zod';
import { homeSchema } from './home';
import { languageSchema, localizedTextSchema, type LocalizedText } from './localized';
import { REGISTERS } from '#app/lib/i18n/register';
import { embedSettingsSchema } from '#app/lib/embed/origins';

export { PLATFORM_LANGUAGES, languageSchema, localizedTextSchema, type Language, type LocalizedText } from './localized';
/** A BCP 47 language-region tag: `es-MX`, `fr-CA`, `es-419`. */
export const regionalVariantSchema = z.string().regex(/^[a-z]{2}-(?:[A-Z]{2}|\d{3})$/, 'a language-region tag such as "es-MX"');

export const SOCIAL_PROVIDERS = ['Facebook', 'Google', 'Apple', 'Amazon', 'LinkedIn', 'Twitter', 'TikTok'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);

/** RFC 1123 host name, lower case, no port, no trailing dot. */
export const hostNameSchema = z
  .string()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/,
    'must be a lower-case host name such as events.example.com (no scheme, port or path)',
  );

const RESERVED_TENANT_ID = 'system';

const slugSchema = z
  .string()
  .regex(/^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$/, 'must be 1-40 lower-case letters, digits or dashes');

/** The contact attributes Cognito can hold back until the new value is verified. */
export const VERIFY_BEFORE_UPDATE_ATTRIBUTES = ['email', 'phone_number'] as const;

/**
 * The tenant's user pool. `attributesRequireVerificationBeforeUpdate` is the pool's
 * UserAttributeUpdateSettings (Cognito's "keep the original value active while an update is
 * pending"): a changed email or phone number takes effect only once its owner enters the code sent
 * to it. Local pools are provisioned with the same list (local/stack/cognito.ts). It must include
 * email: event roles trust only verified addresses (docs/decisions/0013-host-invitations.md).
 */
export const identitySchema = z.object({
  region: z.string().default('us-east-1'),
  userPoolId: z.string().optional(),
  appClientId: z.string().optional(),
  hostedSignInDomain: hostNameSchema.optional(),
  attributesRequireVerificationBeforeUpdate: z
    .array(z.enum(VERIFY_BEFORE_UPDATE_ATTRIBUTES))
    .default([...VERIFY_BEFORE_UPDATE_ATTRIBUTES])
    .refine((list) => new Set(list).size === list.length, 'lists an attribute twice')
    .refine((list) => list.includes('email'), 'must include "email": host invitations trust only verified addresses (docs/decisions/0013)'),
});
export type TenantIdentity = z.infer<typeof identitySchema>;

const assetPathSchema = z
  .string()
  .regex(/^[A-Za-z0-9._/-]+\.(svg|png|jpg|jpeg|webp|ico)$/, 'must be a file name under the tenant assets/ folder');

const iso4217 = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code such as USD');

const timeZoneSchema = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as America/New_York');

const countrySchema = z.string().regex(/^[a-z]{2}$/, 'must be a lower-case ISO 3166 alpha-2 country code');

export const featureSwitchesSchema = z.object({
  shop: z.boolean().default(false),
  donations: z.boolean().default(false),
  consultations: z.boolean().default(false),
  recording: z.boolean().default(true),
  streaming: z.boolean().default(false),
  blog: z.boolean().default(true),
  news: z.boolean().default(true),
  jobs: z.boolean().default(true),
  /** Live reactions over the room's stage (docs/decisions/0079); an event may still switch them off. */
  reactions: z.boolean().default(true),
});

export const pricingPlanSchema = z.object({
  id: slugSchema,
  name: localizedTextSchema,
  /** Price per month in the tenant currency, in major units (e.g. 49 = $49). Null means "contact us". */
  monthlyPrice: z.number().nonnegative().nullable(),
  features: z.array(localizedTextSchema).min(1),
  highlighted: z.boolean().default(false),
});

export const partnerSchema = z.object({
  name: z.string().min(1),
  url: z.url(),
  logo: assetPathSchema.optional(),
  description: localizedTextSchema.optional(),
});

export const tenantSchema = z
  .object({
    $schema: z.string().optional(),
    /**
     * Branded (docs/decisions/0018): a TenantId comes only from a validated tenant.json, that is
     * from tenant resolution, so a plain string or an event id cannot stand in for one.
     */
    id: slugSchema.refine((id) => id !== RESERVED_TENANT_ID, `"${RESERVED_TENANT_ID}" is reserved for the platform's system media`).brand<'TenantId'>(),
    displayName: z.string().min(1).max(80),
    /** Custom domains served for this tenant (exact match on the Host header). */
    domains: z.array(hostNameSchema).default([]),
    /**
     * A disabled tenant answers every request with a branded "unavailable" page (its data stays).
     * Published to running instances by `npm run tenants:publish` (docs/decisions/0075).
     */
    disabled: z.boolean().default(false),
    themeId: slugSchema,
    logo: z.object({ src: assetPathSchema, alt: z.string().min(1) }),
    favicon: assetPathSchema,
    seo: z.object({
      title: localizedTextSchema,
      description: localizedTextSchema,
      ogImage: assetPathSchema.optional(),
    }),
    languages: z
      .object({
        supported: z.array(languageSchema).min(1),
        /** When absent, the browser's Accept-Language chooses among `supported`. */
        default: languageSchema.optional(),
        /**
         * The regional variant the UI speaks for a language, such as `{ "es": "es-MX" }`: its
         * strings (app/locales/<tag>/ over the language's), `<html lang>` and Intl formatting.
         */
        variants: z.partialRecord(languageSchema, regionalVariantSchema).optional(),
        /**
         * How the site addresses people where the language tells (Spanish tú/usted, French
         * tu/vous): one register for the whole site. Absent: the register the strings are written in.
         */
        register: z.enum(REGISTERS).optional(),
      })
      .refine((l) => Object.entries(l.variants ?? {}).every(([language, tag]) => tag.startsWith(`${language}-`)), {
        message: 'a variant must be a region of its language, such as "es-MX" for "es"',
        path: ['variants'],
      })
      .refine((l) => Object.keys(l.variants ?? {}).every((language) => (l.supported as string[]).includes(language)), {
        message: 'variants must name supported languages',
        path: ['variants'],
      })
      .refine((l) => !l.default || l.supported.includes(l.default), {
        message: 'default must be one of the supported languages',
        path: ['default'],
      })
      .refine((l) => new Set(l.supported).size === l.supported.length, {
        message: 'supported languages must not repeat',
        path: ['supported'],
      }),
    currency: iso4217.default('USD'),
    timeZone: timeZoneSchema,
    signIn: z
      .object({
        email: z.boolean().default(true),
        phone: z.boolean().default(false),
        socialProviders: z.array(socialProviderSchema).default([]),
        signInPreference: z.enum(['email', 'phone']).default('email'),
        signUpPreference: z.enum(['email', 'phone']).default('email'),
        mandatorySignIn: z.boolean().default(true),
      })
      .refine((s) => s.email || s.phone, { message: 'enable at least one of email or phone', path: ['email'] })
      .refine((s) => s[s.signInPreference], {
        message: 'signInPreference names a method that is not enabled',
        path: ['signInPreference'],
      })
      .refine((s) => s[s.signUpPreference], {
        message: 'signUpPreference names a method that is not enabled',
        path: ['signUpPreference'],
      }),
    phone: z
      .object({
        defaultCountry: countrySchema.default('us'),
        preferredCountries: z.array(countrySchema).default(['mx', 'us', 'ca']),
      })
      .default({ defaultCountry: 'us', preferredCountries: ['mx', 'us', 'ca'] }),
    features: featureSwitchesSchema.default(featureSwitchesSchema.parse({})),
    contact: z.object({
      email: z.email(),
      phone: z.string().optional(),
      address: z.string().optional(),
    }),
    legal: z.object({
      companyName: z.string().min(1),
      jurisdiction: z.string().min(1),
      effectiveDate: z.iso.date(),
    }),
    pricing: z.object({ plans: z.array(pricingPlanSchema).min(1) }),
    partners: z.array(partnerSchema).default([]),
    identity: identitySchema.default(identitySchema.parse({})),
    /** Home page layout and footer style (./home.ts); absent: the layout every tenant had before. */
    home: homeSchema.optional(),
    video: z
      .object({
        /** The tenant's own LiveKit server for browsers (ws:// or wss://); unset: the platform's LIVEKIT_URL. */
        livekitUrl: z
          .string()
          .regex(/^wss?:\/\/[^\s/]+/, 'must be a ws:// or wss:// URL such as wss://video.example.com')
          .optional(),
        /** Prefix of the env vars holding the tenant's LiveKit key pair: <apiKeyEnv>_API_KEY and <apiKeyEnv>_API_SECRET. */
        apiKeyEnv: z
          .string()
          .regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'must be an environment variable prefix such as AURORA_LIVEKIT')
          .optional(),
        /**
         * Who takes RTMP pushes into the tenant's events: the platform ingest worker (default), or
         * LiveKit Ingress (RTMP/WHIP into the room, through IngressClient). SRT always goes to the
         * platform worker: Ingress cannot accept an SRT push (docs/decisions/0029).
         */
        ingest: z.enum(['platform', 'livekit']).optional(),
      })
      .default({}),
    payments: z
      .object({
        /** Who takes the tenant's payments; unset: the platform's PAYMENTS_PROVIDER (the local test provider by default). */
        provider: z.enum(['test', 'stripe']).optional(),
        accountId: z.string().optional(),
        /** The platform's application fee on every order, in basis points (500 = 5 %). */
        applicationFeeBps: z.number().int('must be a whole number of basis points').min(0).max(5000, 'must be at most 5000 (50 %)').default(500),
      })
      .default({ applicationFeeBps: 500 }),
    speech: z
      .object({
        /**
         * The speech engines of the tenant's dictation, transcripts, live captions and text to speech
         * (docs/decisions/0100): `local` (espeak-ng, flite and the local recogniser) or `aws` (Amazon
         * Polly and Transcribe Streaming); unset: the platform's SPEECH_PROVIDER.
         */
        engine: z.enum(['local', 'aws']).optional(),
      })
      .strict()
      .default({}),
    /** Embeds (docs/decisions/0089): the sites that may frame the embed pages; absent: none may. */
    embed: embedSettingsSchema.optional(),
  })
  .strict()
  .refine((t) => !t.home?.sections.some((s) => s.type === 'partners') || t.partners.length > 0, {
    message: 'the home "partners" section needs at least one entry in partners',
    path: ['home', 'sections'],
  });

/**
 * The reserved pseudo-tenant holding the platform's system media (docs/decisions/0025): its data
 * and files use the tenant key space, so no real tenant may take this id.
 */
export const SYSTEM_TENANT_ID: TenantId = slugSchema.brand<'TenantId'>().parse(RESERVED_TENANT_ID);

export type TenantInput = z.input<typeof tenantSchema>;
export type Tenant = z.infer<typeof tenantSchema>;
/** A tenant's id as tenant resolution produced it; every function that reads or writes a tenant's data takes one. */
export type TenantId = Tenant['id'];

/** The subset of a tenant that is sent to the browser. Never includes service accounts. */
export function publicTenant(tenant: Tenant) {
  return {
    id: tenant.id,
    displayName: tenant.displayName,
    themeId: tenant.themeId,
    logo: tenant.logo,
    favicon: tenant.favicon,
    languages: tenant.languages,
    currency: tenant.currency,
    timeZone: tenant.timeZone,
    features: tenant.features,
    contact: tenant.contact,
    signIn: tenant.signIn,
    footerStyle: tenant.home?.footer ?? 'columns',
  };
}
export type PublicTenant = ReturnType<typeof publicTenant>;

/** Picks the text for `lang`, else the tenant's default language, else the first available. */
export function localize(text: LocalizedText, lang: string, fallback?: string): string {
  if (typeof text === 'string') return text;
  const byLang = text as Record<string, string | undefined>;
  return byLang[lang] ?? (fallback ? byLang[fallback] : undefined) ?? Object.values(byLang).find(Boolean) ?? '';
}
