import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi.server';
import { OPERATIONS } from './operations.server';

describe('the OpenAPI document', () => {
  const doc = openApiDocument('https://site.example') as unknown as { openapi: string; servers: Array<{ url: string }>; paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown>; security: unknown[] }>> };

  it('is OpenAPI 3.1 for the host asked, with every operation of the table and its scope', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://site.example/api/v1', description: "This site's API" }]);
    for (const op of OPERATIONS) {
      const documented = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(documented?.operationId, `${op.method} ${op.path}`).toBe(op.id);
      expect(documented?.security).toEqual([{ apiKey: [op.scope] }]);
      expect(Object.keys(documented?.responses ?? {})).toEqual(expect.arrayContaining([String(op.status), '400', '401', '403', '429']));
    }
  });

  it('describes a nullable shared schema as anyOf with null (an allOf with null would refuse every null)', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"allOf"');
    expect(text).toContain('{"anyOf":[{"$ref":"#/components/schemas/Money"},{"type":"null"}]}');
  });
});
