import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { MediaJob } from '#app/lib/media/model';
import { testDatabase, testStorage } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { loadRegistry } from '#server/config/registry.server';
import { tenantData } from '#server/data/tenantData.server';
import { deckColours, sampleDeckPdf, seedSampleDeck } from './sampleDeck';

const { registry } = loadRegistry(process.cwd());
const stores = { db: testDatabase(), storage: testStorage() };

describe('sample pitch deck', () => {
  it('is a five-slide 16:9 PDF named after the tenant', async () => {
    const theme = registry.themes.get('lumiere')!;
    const bytes = await sampleDeckPdf('Lumière', 'fr', deckColours(theme));
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(5);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 960, height: 540 });
    expect(pdf.getTitle()).toBe('Lumière — Présentation');
    expect(deckColours(theme).brand).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('is stored once per tenant as a public document tagged pitch-deck and handed to the pipeline', async () => {
    const sample = registry.tenants.get('solana')!;
    // A fresh tenant id with solana's settings, so reruns and parallel tests never share its library.
    const tenant = { ...sample, id: uniqueTenantId() };
    const jobs: MediaJob[] = [];
    const id = await seedSampleDeck(stores, tenant, registry.themes.get(sample.themeId)!, async (job) => void jobs.push(job));
    expect(id).toMatch(/^[a-z0-9]{21}$/);
    const data = tenantData(stores, tenant.id);
    const item = await data.media.get(id!);
    expect(item).toMatchObject({ kind: 'document', visibility: 'public', status: 'processing', tags: ['pitch-deck'], original: { contentType: 'application/pdf' } });
    expect(item!.original.fileName).toBe(`${tenant.id}-presentacion.pdf`);
    const stored = await data.files.read(item!.original.key);
    expect(stored.subarray(0, 5).toString()).toBe('%PDF-');
    expect(stored.length).toBe(item!.original.bytes);
    expect(jobs).toEqual([{ tenantId: tenant.id, scope: 'tenant', mediaId: id, kind: 'document' }]);

    // Seeding again adds nothing; the deck still waiting is handed over again (the queue keeps one job per item).
    expect(await seedSampleDeck(stores, tenant, registry.themes.get(sample.themeId)!, async (job) => void jobs.push(job))).toBeNull();
    expect(jobs).toEqual([jobs[0], jobs[0]]);
    await data.media.setStatus(id!, { status: 'ready' });
    expect(await seedSampleDeck(stores, tenant, registry.themes.get(sample.themeId)!, async (job) => void jobs.push(job))).toBeNull();
    expect(jobs).toHaveLength(2);
  });
});
